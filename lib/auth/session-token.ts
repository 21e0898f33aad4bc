// Reads Auth.js session tokens (JWE, "dir" with A256CBC-HS512) exactly as next-auth/jwt's `decode`
// does, but derives the key (HKDF) and its thumbprint once per secret instead of on every request,
// and remembers the last few thousand tokens it has fully verified: decryption cost more than the
// rest of a light API call. Same algorithms, same key id check, same 15 s clock tolerance; a
// remembered token is still checked for expiry on every use, and a token that fails is never kept.
import "server-only";
import { hkdf } from "@panva/hkdf";
import { base64url, calculateJwkThumbprint, jwtDecrypt, type JWTPayload } from "jose";

type ContentEncryption = "A256CBC-HS512" | "A256GCM";
const KEY_LENGTH: Record<ContentEncryption, number> = { "A256CBC-HS512": 64, A256GCM: 32 };

interface DerivedKey {
  key: Uint8Array;
  thumbprint: string;
}

const derivedKeys = new Map<string, Promise<DerivedKey>>();

function derivedKey(enc: ContentEncryption, secret: string, salt: string): Promise<DerivedKey> {
  const id = `${enc}\u0000${salt}\u0000${secret}`;
  let entry = derivedKeys.get(id);
  if (!entry) {
    entry = (async () => {
      const length = KEY_LENGTH[enc];
      const key = await hkdf("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, length);
      const thumbprint = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(key) }, `sha${length << 3}` as "sha256" | "sha512");
      return { key, thumbprint };
    })();
    entry.catch(() => derivedKeys.delete(id));
    derivedKeys.set(id, entry);
  }
  return entry;
}

const isContentEncryption = (enc: string): enc is ContentEncryption => enc in KEY_LENGTH;

const CLOCK_TOLERANCE_SECONDS = 15;
const VERIFIED_CAPACITY = 5000;
/** Verified tokens in least-recently-used order, keyed by secret, salt and token. */
const verified = new Map<string, JWTPayload>();

function stillValid(payload: JWTPayload): boolean {
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp === "number" && payload.exp <= now - CLOCK_TOLERANCE_SECONDS) return false;
  if (typeof payload.nbf === "number" && payload.nbf > now + CLOCK_TOLERANCE_SECONDS) return false;
  return true;
}

function remember(id: string, payload: JWTPayload): void {
  verified.set(id, payload);
  if (verified.size > VERIFIED_CAPACITY) verified.delete(verified.keys().next().value!);
}

/** The token's payload, or an error when it is not one of ours, tampered with or expired. */
export async function decodeSessionToken({ token, secret, salt }: { token: string; secret: string; salt: string }): Promise<JWTPayload> {
  const id = `${secret}\u0000${salt}\u0000${token}`;
  const known = verified.get(id);
  if (known) {
    verified.delete(id);
    if (!stillValid(known)) throw new Error("The session token has expired.");
    verified.set(id, known);
    return known;
  }
  const payload = await verifySessionToken(token, secret, salt);
  remember(id, payload);
  return payload;
}

async function verifySessionToken(token: string, secret: string, salt: string): Promise<JWTPayload> {
  const { payload } = await jwtDecrypt(
    token,
    async ({ kid, enc }) => {
      if (!isContentEncryption(enc)) throw new Error("Unsupported JWT Content Encryption Algorithm");
      const { key, thumbprint } = await derivedKey(enc, secret, salt);
      if (kid === undefined || kid === thumbprint) return key;
      throw new Error("no matching decryption secret");
    },
    { clockTolerance: CLOCK_TOLERANCE_SECONDS, keyManagementAlgorithms: ["dir"], contentEncryptionAlgorithms: ["A256CBC-HS512", "A256GCM"] },
  );
  return payload;
}
