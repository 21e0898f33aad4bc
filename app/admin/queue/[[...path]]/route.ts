// pg-boss's dashboard for the console's admins, with its pages, data and files (lib/http/queue-dashboard.ts).
import { answerQueueDashboard } from "@/lib/http/queue-dashboard";

// Every answer depends on who asks: never prerendered or cached by Next.
export const dynamic = "force-dynamic";

const answer = (request: Request) => answerQueueDashboard(request);

export { answer as GET, answer as HEAD, answer as POST, answer as PUT, answer as PATCH, answer as DELETE, answer as OPTIONS };
