// Secrets at rest (webhook signing secrets, authenticator apps' secrets, the Content Credentials key, share links' tokens): sealed with AES-256-GCM under
// a key derived by HKDF-SHA256 from ENCRYPTION_KEY (or AUTH_SECRET when it is unset), so a copy of the
// database alone signs nothing and passes no second factor. Each sealed secret is stored with its
// key's id, so rotating the key keeps old secrets readable while their key is listed in
// ENCRYPTION_KEY_PREVIOUS; a caller reseals a secret read under an old key on its next use.
// Every ciphertext is bound to its purpose, so one kind of secret cannot be replayed as another.
import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = "pictura";
// The HKDF labels predate the other purposes; kept, so existing ciphertexts and key ids stay valid.
const KEY_INFO = "webhook-signing-secrets";

/** What a sealed secret is for, and how an error names it. */
const PURPOSES = {
  "webhook-signing-secret": "The endpoint's signing secret",
  "totp-secret": "The authenticator app's secret",
  "c2pa-signing-key": "The Content Credentials signing key",
  "share-token": "A share link's token",
} as const;

export type SecretPurpose = keyof typeof PURPOSES;

/** The associated data a purpose's ciphertexts are bound to ("pictura:webhook-signing-secret:v1" for webhooks). */
function associatedData(purpose: SecretPurpose): Buffer {
  return Buffer.from(`pictura:${purpose}:v1`);
}

interface SealingKey {
  id: string;
  key: Buffer;
}

export interface SealedSecret {
  ciphertext: string;
  keyId: string;
}

/** A secret's key is no longer configured: the operator dropped it from ENCRYPTION_KEY_PREVIOUS too early. */
export class SecretKeyMissingError extends Error {}

const derived = new Map<string, SealingKey>();

function sealingKey(material: string): SealingKey {
  let found = derived.get(material);
  if (!found) {
    const key = Buffer.from(hkdfSync("sha256", material, SALT, KEY_INFO, 32));
    // The id says which key sealed a secret without telling anything about the key itself.
    const id = Buffer.from(hkdfSync("sha256", material, SALT, `${KEY_INFO} key id`, 8)).toString("hex");
    found = { id, key };
    derived.set(material, found);
  }
  return found;
}

function currentKey(): SealingKey {
  const settings = env();
  return sealingKey(settings.ENCRYPTION_KEY ?? settings.AUTH_SECRET);
}

function keyById(id: string): SealingKey | null {
  const settings = env();
  const candidates = [settings.ENCRYPTION_KEY ?? settings.AUTH_SECRET, ...settings.ENCRYPTION_KEY_PREVIOUS];
  return candidates.map(sealingKey).find((candidate) => candidate.id === id) ?? null;
}

export function sealSecret(secret: string, purpose: SecretPurpose): SealedSecret {
  const { id, key } = currentKey();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(purpose));
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url"), keyId: id };
}

/** The secret a stored value holds; a NULL key id marks a value stored in plain text (webhook secrets from before encryption). */
export function openSecret(stored: string, keyId: string | null, purpose: SecretPurpose): string {
  if (keyId === null) return stored;
  const found = keyById(keyId);
  if (!found) {
    throw new SecretKeyMissingError(
      `${PURPOSES[purpose]} is encrypted with a key that is no longer configured (key id ${keyId}): add the retired ENCRYPTION_KEY (or AUTH_SECRET) to ENCRYPTION_KEY_PREVIOUS.`,
    );
  }
  const bytes = Buffer.from(stored, "base64url");
  const decipher = createDecipheriv(ALGORITHM, found.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(purpose));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** The id of the key new secrets are sealed with. */
export function currentKeyId(): string {
  return currentKey().id;
}

/** Whether a secret stored under this key id should be sealed again under the current key. */
export function needsResealing(keyId: string | null): boolean {
  return keyId !== currentKeyId();
}
