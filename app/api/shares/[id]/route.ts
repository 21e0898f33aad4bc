import { CONTRACTS } from "@/lib/api/contracts";
import { route } from "@/lib/http/route";
import { revokeShare } from "@/lib/shares/shares";

export const DELETE = route<undefined, "session", { id: string }>({ auth: "session", contract: CONTRACTS.revokeShare }, async ({ user, params }) => {
  await revokeShare(user, params.id);
  return new Response(null, { status: 204 });
});
