// The public API's headers, limits and error codes, named once: the route wrapper writes them, and the
// API's documentation (the OpenAPI document, the developer guide) describes them from here.

/** A developer's key, as `Authorization: Bearer <key>` or as this header. */
export const API_KEY_HEADER = "X-Api-Key";
export const AUTHORIZATION_HEADER = "Authorization";
/** Every API key starts with this, followed by 32 random bytes in base64url (43 characters). */
export const API_KEY_PREFIX = "pk_";
export const API_KEY_PATTERN = /^pk_[A-Za-z0-9_-]{43}$/;
/** How many characters of a key (after `pk_`) the Account page shows to tell keys apart. */
export const API_KEY_VISIBLE_CHARACTERS = 8;
export const MAX_API_KEYS_PER_ACCOUNT = 10;
/** Keys an account may create and revoke, together, in an hour. */
export const API_KEY_CHANGES_PER_HOUR = 20;
export const API_KEY_NAME_MAX_LENGTH = 60;

/** What the call cost, in credits (0 for a free call or a replayed answer), and the balance after it. */
export const CREDITS_CHARGED_HEADER = "X-Credits-Charged";
export const CREDITS_REMAINING_HEADER = "X-Credits-Remaining";

/** The per-key limit (API_RATE_LIMIT calls a minute): the limit, calls left, and seconds until it resets. */
export const RATE_LIMIT_LIMIT_HEADER = "RateLimit-Limit";
export const RATE_LIMIT_REMAINING_HEADER = "RateLimit-Remaining";
export const RATE_LIMIT_RESET_HEADER = "RateLimit-Reset";
/** On a 429: seconds to wait before calling again. */
export const RETRY_AFTER_HEADER = "Retry-After";
export const API_RATE_LIMIT_WINDOW_SECONDS = 60;
export const API_RATE_LIMIT_DEFAULT = 60;
/** Calls a minute an account's keys may make together (API_ACCOUNT_RATE_LIMIT). */
export const API_ACCOUNT_RATE_LIMIT_DEFAULT = 120;

/** Any POST that spends may carry it; a repeat within 24 hours gets the first answer again. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set to "true" on an answer that repeats the first answer of its Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** The `error` codes of the public API's own refusals (each answer is `{ error, message }`). */
export const API_ERROR_CODES = {
  /** 401: the key is missing, malformed, wrong or revoked. */
  invalidApiKey: "invalid_api_key",
  /** 403: the call needs a signed-in session (e.g. managing keys); a key cannot make it. */
  apiKeyNotAccepted: "api_key_not_accepted",
  /** 409: at most MAX_API_KEYS_PER_ACCOUNT keys. */
  apiKeyLimit: "api_key_limit",
  /** 429: over API_RATE_LIMIT calls a minute for this key, or API_ACCOUNT_RATE_LIMIT for its account. */
  rateLimited: "rate_limited",
  /** 429: over API_KEY_CHANGES_PER_HOUR keys created and revoked this hour. */
  apiKeyChangesRateLimited: "api_key_changes_rate_limited",
  /** 400: the Idempotency-Key is empty or longer than IDEMPOTENCY_KEY_MAX_LENGTH. */
  invalidIdempotencyKey: "invalid_idempotency_key",
  /** 409: the first request with this key is still running. */
  idempotencyInProgress: "idempotency_in_progress",
  /** 422: the key was first used with a different request. */
  idempotencyKeyReused: "idempotency_key_reused",
} as const;
