import { eventStreamResponse } from "@/lib/http/event-stream";
import { CONTRACTS } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { findViewableOperation } from "@/lib/jobs/access";
import { operationEventStream } from "@/lib/jobs/event-stream";

// Server-Sent Events: the operation's view on every change, until it ends.
export const GET = route<undefined, "guest", { id: string }>({ auth: "guest", contract: CONTRACTS.operationEvents }, async ({ user, client, params }) =>
  eventStreamResponse(operationEventStream(await findViewableOperation(params.id, user, client), client.signal)),
);
