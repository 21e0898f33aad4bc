import { createApiKey, listApiKeys } from "@/lib/api-keys/keys";
import { route } from "@/lib/http/route";
import { createApiKeySchema } from "@/lib/validation/api-keys";

// Keys are managed from a signed-in browser only: the wrapper refuses an API key here.
export const GET = route({ auth: "user" }, async ({ user }) => ({ keys: await listApiKeys(user.id) }));

export const POST = route({ auth: "user", body: createApiKeySchema }, async ({ user, body }) =>
  Response.json(await createApiKey(user.id, body.name), { status: 201, headers: { "Cache-Control": "no-store" } }),
);
