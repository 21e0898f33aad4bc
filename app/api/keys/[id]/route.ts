import { revokeApiKey } from "@/lib/api-keys/keys";
import { route } from "@/lib/http/route";

export const DELETE = route<undefined, "session", { id: string }>({ auth: "session" }, async ({ user, params }) => {
  await revokeApiKey(user.id, params.id);
  return { revoked: true };
});
