// The console's one way to call its API: the JSON body, an optional Idempotency-Key, and a failure as
// the ApiError every screen handles (its status, code and the server's own words).
import { apiErrorFrom } from "@/lib/api/client";

interface AdminRequestOptions {
  body?: unknown;
  idempotencyKey?: string;
}

export async function adminRequest<T>(method: string, path: string, { body, idempotencyKey }: AdminRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  const response = await fetch(path, { method, credentials: "include", headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response.status, text, response.statusText);
  return (text ? JSON.parse(text) : null) as T;
}

/** `path` with the filled-in values as its query (empty ones left out). */
export function withQuery(path: string, values: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Every console query's key starts with this, so an action refreshes all of them at once. */
export const ADMIN_QUERY_KEY = ["admin"] as const;
