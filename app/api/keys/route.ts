import { createApiKey, listApiKeys } from "@/lib/api-keys/keys";
import { json } from "@/lib/http/input";
import { route } from "@/lib/http/route";
import { createApiKeySchema } from "@/lib/validation/api-keys";

// Keys are managed from a signed-in browser only: the wrapper refuses an API key here.
export const GET = route({ auth: "session" }, async ({ user }) => ({ keys: await listApiKeys(user.id) }));

export const POST = route({ auth: "session", input: json(createApiKeySchema) }, async ({ user, input }) =>
  Response.json(await createApiKey(user.id, input.name), { status: 201, headers: { "Cache-Control": "no-store" } }),
);
