// Webhook signatures, the way Stripe signs: `Pictura-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256
// of "<t>.<body>" keyed with the endpoint's whsec_ secret>`. The timestamp inside the signed text
// lets a receiver refuse old replays; comparing in constant time keeps the secret from leaking.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Pictura-Signature";
/** How old a signature a receiver should still accept, in seconds. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

function digest(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function signatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${digest(secret, timestamp, body)}`;
}

/** True when the header signs this exact body with this secret, within the tolerance. */
export function verifySignature(header: string | null, body: string, secret: string, options: { now?: number; toleranceSeconds?: number } = {}): boolean {
  if (!header) return false;
  const parts = header.split(",").map((part) => part.trim().split("="));
  const timestamp = Number(parts.find(([name]) => name === "t")?.[1]);
  if (!Number.isInteger(timestamp)) return false;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS)) return false;
  const expected = Buffer.from(digest(secret, timestamp, body), "hex");
  return parts
    .filter(([name, value]) => name === "v1" && value && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, "hex"), expected));
}
