// Sealing every stored secret under the current key at once: webhook signing secrets left in plain
// text by a release before encryption (key id NULL) or under a retired key, and authenticator app
// secrets under a retired key. Deliveries and sign-ins seal the secret they use anyway; this reaches
// the endpoints that receive nothing and the accounts that do not sign in, so a retired key can be
// dropped without locking anyone out. Run at each worker's start and by the scheduled cleanup; safe
// to repeat.
import "server-only";
import { db } from "@/lib/db";
import { currentKeyId, openSecret, sealSecret, SecretKeyMissingError, type SealedSecret, type SecretPurpose } from "./secret-box";

/** A stored secret: its row, the secret as stored and its key's id. */
interface StoredSecret {
  id: string;
  secret: string;
  keyId: string | null;
}

/**
 * Seals each secret again under the current key. `replace` writes the new one only where the row
 * still holds `from` (a delivery or sign-in may have sealed it meanwhile) and says how many it wrote.
 */
async function sealAgain(rows: StoredSecret[], purpose: SecretPurpose, replace: (from: StoredSecret, to: SealedSecret) => Promise<number>): Promise<number> {
  let sealed = 0;
  for (const row of rows) {
    let secret: string;
    try {
      secret = openSecret(row.secret, row.keyId, purpose);
    } catch (error) {
      // Its key is not configured here: leave it for a process that has it (deliveries say so).
      if (error instanceof SecretKeyMissingError) continue;
      throw error;
    }
    sealed += await replace(row, sealSecret(secret, purpose));
  }
  return sealed;
}

/** Seals the secrets not yet under the current key; returns how many it sealed. */
export async function sealStoredSecrets(): Promise<number> {
  const endpoints = await db.webhookEndpoint.findMany({
    where: { OR: [{ secretKeyId: null }, { secretKeyId: { not: currentKeyId() } }] },
    select: { id: true, secret: true, secretKeyId: true },
  });
  const accounts = await db.user.findMany({
    where: { totpSecret: { not: null }, OR: [{ totpSecretKeyId: null }, { totpSecretKeyId: { not: currentKeyId() } }] },
    select: { id: true, totpSecret: true, totpSecretKeyId: true },
  });
  const webhooks = await sealAgain(
    endpoints.map((row) => ({ id: row.id, secret: row.secret, keyId: row.secretKeyId })),
    "webhook-signing-secret",
    async (from, to) =>
      (
        await db.webhookEndpoint.updateMany({
          where: { id: from.id, secret: from.secret, secretKeyId: from.keyId },
          data: { secret: to.ciphertext, secretKeyId: to.keyId },
        })
      ).count,
  );
  const authenticators = await sealAgain(
    accounts.map((row) => ({ id: row.id, secret: row.totpSecret!, keyId: row.totpSecretKeyId })),
    "totp-secret",
    async (from, to) =>
      (
        await db.user.updateMany({
          where: { id: from.id, totpSecret: from.secret, totpSecretKeyId: from.keyId },
          data: { totpSecret: to.ciphertext, totpSecretKeyId: to.keyId },
        })
      ).count,
  );
  return webhooks + authenticators;
}
