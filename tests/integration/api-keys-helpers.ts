// API keys for the integration tests: created through the real call, and requests sent the way a
// developer's script sends them (no cookie, no Origin).
import { POST as createKey } from "@/app/api/keys/route";
import { apiRequest } from "./helpers";

export async function apiKeyFor(cookie: string, name = "Script"): Promise<{ id: string; key: string; prefix: string }> {
  const response = await createKey(apiRequest("POST", "/api/keys", { cookie, body: { name } }));
  if (response.status !== 201) throw new Error(`Creating a key answered ${response.status}: ${await response.text()}`);
  return response.json();
}

interface KeyRequestOptions {
  body?: unknown;
  headers?: Record<string, string>;
  cookie?: string;
  origin?: string;
}

/** A script's request: the key in `Authorization: Bearer`, unless the headers say otherwise. */
export function keyRequest(method: string, path: string, key: string | null, options: KeyRequestOptions = {}): Request {
  const headers: Record<string, string> = { ...options.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  return apiRequest(method, path, { body: options.body, cookie: options.cookie, origin: options.origin ?? null, headers });
}

export const creditHeaders = (response: Response) => ({
  charged: response.headers.get("x-credits-charged"),
  remaining: response.headers.get("x-credits-remaining"),
});
