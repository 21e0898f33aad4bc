// Webhook signing secrets at rest: sealed with AES-256-GCM under a key derived by HKDF-SHA256 from
// ENCRYPTION_KEY (or AUTH_SECRET when it is unset), so a copy of the database alone signs nothing.
// Each sealed secret is stored with its key's id, so rotating the key keeps old secrets readable
// while their key is listed in ENCRYPTION_KEY_PREVIOUS; a secret read under an old key (or stored in
// plain text by an older release, key id NULL) is sealed again under the current key on its next use.
import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/lib/env";

const ALGORITHM = "aes-256-gcm";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = "pictura";
/** Binds a ciphertext to what it holds: it cannot be replayed as another kind of secret. */
const ASSOCIATED_DATA = Buffer.from("pictura:webhook-signing-secret:v1");

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
    const key = Buffer.from(hkdfSync("sha256", material, SALT, "webhook-signing-secrets", 32));
    // The id says which key sealed a secret without telling anything about the key itself.
    const id = Buffer.from(hkdfSync("sha256", material, SALT, "webhook-signing-secrets key id", 8)).toString("hex");
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

export function sealSecret(secret: string): SealedSecret {
  const { id, key } = currentKey();
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(ASSOCIATED_DATA);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return { ciphertext: Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url"), keyId: id };
}

/** The secret a stored value holds; a NULL key id marks a value stored in plain text. */
export function openSecret(stored: string, keyId: string | null): string {
  if (keyId === null) return stored;
  const found = keyById(keyId);
  if (!found) {
    throw new SecretKeyMissingError(
      `The endpoint's signing secret is encrypted with a key that is no longer configured (key id ${keyId}): add the retired ENCRYPTION_KEY (or AUTH_SECRET) to ENCRYPTION_KEY_PREVIOUS.`,
    );
  }
  const bytes = Buffer.from(stored, "base64url");
  const decipher = createDecipheriv(ALGORITHM, found.key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(ASSOCIATED_DATA);
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
