// Request and answer shapes of the API-key calls, shared by the Account page and the route handlers
// (and so by the OpenAPI document, which is generated from these schemas).
import { z } from "zod";
import { API_KEY_NAME_MAX_LENGTH } from "@/lib/api/headers";

export const createApiKeySchema = z.object({
  name: z
    .string({ error: "Please give the key a name." })
    .trim()
    .min(1, "Please give the key a name.")
    .max(API_KEY_NAME_MAX_LENGTH, `A key's name can be at most ${API_KEY_NAME_MAX_LENGTH} characters.`),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeySchema>;

/** One key as the Account page lists it: never the key itself, only its prefix. */
export const apiKeyViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyViewSchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeyViewSchema) });

/** The answer to creating a key: the only time the whole key is shown. */
export const createdApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string(),
  prefix: z.string(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
