// Webhook signatures in the Standard Webhooks format (https://www.standardwebhooks.com), so receivers
// verify with a ready library in their language instead of hand-written code. Each attempt carries
// `webhook-id` (the event id: the same on every retry and resend, so a receiver can drop repeats),
// `webhook-timestamp` (unix seconds of this attempt, so old replays can be refused) and
// `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the bytes
// the `whsec_` secret's base64 stands for.
import { createHmac, randomBytes } from "node:crypto";

export const WEBHOOK_ID_HEADER = "webhook-id";
export const WEBHOOK_TIMESTAMP_HEADER = "webhook-timestamp";
export const SIGNATURE_HEADER = "webhook-signature";

const SECRET_PREFIX = "whsec_";
/** Random bytes in a new secret; the standard asks for at least 24. */
const SECRET_BYTES = 32;

/** `whsec_` and standard base64 (padded) of fresh random bytes, as the standard's libraries read it. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/**
 * The HMAC key a secret stands for. Secrets made before the Standard Webhooks format were base64url
 * without padding; Node reads both alphabets, so they sign with the very bytes they were made from,
 * the same bytes the standard base64 spelling of that secret gives a receiver's library.
 */
export function signingKey(secret: string): Buffer {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, "base64");
  if (key.length === 0) throw new Error("The webhook signing secret holds no key bytes.");
  return key;
}

/** The three headers that sign one attempt of the delivery `messageId` with this body. */
export function signedHeaders(secret: string, messageId: string, body: string, timestamp = Math.floor(Date.now() / 1000)): Record<string, string> {
  const signature = createHmac("sha256", signingKey(secret)).update(`${messageId}.${timestamp}.${body}`).digest("base64");
  return {
    [WEBHOOK_ID_HEADER]: messageId,
    [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: `v1,${signature}`,
  };
}
