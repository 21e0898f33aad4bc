// Each API key's allowance: API_RATE_LIMIT calls a minute, counted in PostgreSQL like the other
// limits, so every app server sees the same count. Every key call is told where it stands.
import "server-only";
import {
  API_ERROR_CODES,
  API_RATE_LIMIT_WINDOW_SECONDS,
  RATE_LIMIT_LIMIT_HEADER,
  RATE_LIMIT_REMAINING_HEADER,
  RATE_LIMIT_RESET_HEADER,
  RETRY_AFTER_HEADER,
} from "@/lib/api/headers";
import { countHit, secondsUntilReset } from "@/lib/auth/rate-limit";
import { env } from "@/lib/env";

export interface KeyAllowance {
  allowed: boolean;
  /** RateLimit-* headers (and Retry-After when over the limit) for the answer. */
  headers: Record<string, string>;
  retryAfterSeconds: number;
  message: string;
  code: string;
}

export async function takeKeyCall(apiKeyId: string): Promise<KeyAllowance> {
  const max = env().API_RATE_LIMIT;
  const counted = await countHit({ key: `api:key:${apiKeyId}`, max, windowSeconds: API_RATE_LIMIT_WINDOW_SECONDS });
  const reset = secondsUntilReset(counted, API_RATE_LIMIT_WINDOW_SECONDS);
  const allowed = counted.hits <= max;
  const headers: Record<string, string> = {
    [RATE_LIMIT_LIMIT_HEADER]: String(max),
    [RATE_LIMIT_REMAINING_HEADER]: String(Math.max(0, max - counted.hits)),
    [RATE_LIMIT_RESET_HEADER]: String(reset),
  };
  if (!allowed) headers[RETRY_AFTER_HEADER] = String(reset);
  return {
    allowed,
    headers,
    retryAfterSeconds: reset,
    message: `This API key made more than ${max} calls this minute. Please wait ${reset} seconds and try again.`,
    code: API_ERROR_CODES.rateLimited,
  };
}
