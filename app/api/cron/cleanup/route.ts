import { assertCronCaller } from "@/lib/http/cron-auth";
import { route } from "@/lib/http/route";
import { runScheduledCleanup } from "@/lib/jobs/scheduled-cleanup";

// Vercel Cron calls GET with the bearer; other schedulers may POST. Large backlogs take batches.
export const maxDuration = 300;

export const GET = route({}, async ({ request }) => {
  assertCronCaller(request);
  return runScheduledCleanup();
});
export const POST = GET;
