import { route } from "@/lib/http/route";
import { findViewableOperation } from "@/lib/jobs/access";
import { operationEventStream } from "@/lib/jobs/event-stream";

// Server-Sent Events: the operation's view on every change, until it ends.
export const GET = route<undefined, "optional", { id: string }>({ auth: "optional" }, async ({ user, request, params }) =>
  operationEventStream(await findViewableOperation(params.id, user, request), request.signal),
);
