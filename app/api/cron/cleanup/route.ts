import { route } from "@/lib/http/route";
import { runScheduledCleanup } from "@/lib/jobs/scheduled-cleanup";

// Vercel Cron calls GET with the bearer (CRON_SECRET); other schedulers may POST. Large backlogs take batches.
export const maxDuration = 300;

export const GET = route({ auth: "cron" }, () => runScheduledCleanup());
export const POST = GET;
