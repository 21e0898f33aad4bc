// The allowances of key calls, counted in PostgreSQL like the other limits, so every app server sees
// the same count: API_RATE_LIMIT calls a minute for each key, and API_ACCOUNT_RATE_LIMIT for the
// account across all its keys (a second key does not start afresh). Both are counted in one
// statement, and every key call is told where the tighter of the two stands.
import "server-only";
import {
  API_ERROR_CODES,
  API_RATE_LIMIT_WINDOW_SECONDS,
  RATE_LIMIT_LIMIT_HEADER,
  RATE_LIMIT_REMAINING_HEADER,
  RATE_LIMIT_RESET_HEADER,
  RETRY_AFTER_HEADER,
} from "@/lib/api/headers";
import { countHits, secondsUntilReset } from "@/lib/rate-limit/counters";
import { env } from "@/lib/env";

export interface KeyAllowance {
  allowed: boolean;
  /** RateLimit-* headers (and Retry-After when over the limit) for the answer. */
  headers: Record<string, string>;
  retryAfterSeconds: number;
  message: string;
  code: string;
}

interface Standing {
  scope: "key" | "account";
  max: number;
  hits: number;
  reset: number;
}

export async function takeKeyCall(apiKeyId: string, userId: string): Promise<KeyAllowance> {
  const { API_RATE_LIMIT: keyMax, API_ACCOUNT_RATE_LIMIT: accountMax } = env();
  const window = API_RATE_LIMIT_WINDOW_SECONDS;
  const [key, account] = await countHits([
    { key: `api:key:${apiKeyId}`, max: keyMax, windowSeconds: window },
    { key: `api:account:${userId}`, max: accountMax, windowSeconds: window },
  ]);
  const standings: Standing[] = [
    { scope: "key", max: keyMax, hits: key!.hits, reset: secondsUntilReset(key!, window) },
    { scope: "account", max: accountMax, hits: account!.hits, reset: secondsUntilReset(account!, window) },
  ];
  const remaining = (standing: Standing) => Math.max(0, standing.max - standing.hits);
  const over = standings.filter((standing) => standing.hits > standing.max);
  // The allowance that runs out first (or has run out, waiting longest) is the one to show.
  const shown = over.length > 0 ? over.reduce((a, b) => (b.reset > a.reset ? b : a)) : standings.reduce((a, b) => (remaining(b) < remaining(a) ? b : a));
  const headers: Record<string, string> = {
    [RATE_LIMIT_LIMIT_HEADER]: String(shown.max),
    [RATE_LIMIT_REMAINING_HEADER]: String(remaining(shown)),
    [RATE_LIMIT_RESET_HEADER]: String(shown.reset),
  };
  if (over.length > 0) headers[RETRY_AFTER_HEADER] = String(shown.reset);
  const message =
    shown.scope === "key"
      ? `This API key made more than ${shown.max} calls this minute. Please wait ${shown.reset} seconds and try again.`
      : `This account's API keys together made more than ${shown.max} calls this minute. Please wait ${shown.reset} seconds and try again.`;
  return { allowed: over.length === 0, headers, retryAfterSeconds: shown.reset, message, code: API_ERROR_CODES.rateLimited };
}
