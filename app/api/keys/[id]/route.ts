import { revokeApiKey } from "@/lib/api-keys/keys";
import { route } from "@/lib/http/route";

export const DELETE = route<undefined, "user", { id: string }>({ auth: "user" }, async ({ user, params }) => {
  await revokeApiKey(user.id, params.id);
  return { revoked: true };
});
