import { CONTRACTS } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { fileViewResponse } from "@/lib/http/file-answer";

// HEAD is answered by Next from this GET, without the body: the same status and headers.
export const GET = route<undefined, "guest", { id: string }>({ auth: "guest", contract: CONTRACTS.file }, ({ user, client, params }) =>
  fileViewResponse(params.id, user?.id ?? null, client.guestKeyHash),
);
