// Sealing every stored secret under the current key at once: webhook signing secrets left in plain
// text by a release before encryption (key id NULL) or under a retired key, and authenticator app
// secrets under a retired key. Deliveries and sign-ins seal the secret they use anyway; this reaches
// the endpoints that receive nothing and the accounts that do not sign in, so a retired key can be
// dropped without locking anyone out. Run at each worker's start and by the scheduled cleanup; safe
// to repeat.
import "server-only";
import { db } from "@/lib/db";
import { currentKeyId, openSecret, sealSecret, SecretKeyMissingError } from "@/lib/crypto/secret-box";

/** Seals the secrets not yet under the current key; returns how many it sealed. */
export async function sealStoredSecrets(): Promise<number> {
  const rows = await db.webhookEndpoint.findMany({
    where: { OR: [{ secretKeyId: null }, { secretKeyId: { not: currentKeyId() } }] },
    select: { id: true, secret: true, secretKeyId: true },
  });
  let sealed = 0;
  for (const row of rows) {
    let secret: string;
    try {
      secret = openSecret(row.secret, row.secretKeyId, "webhook-signing-secret");
    } catch (error) {
      // Its key is not configured here: leave it for a process that has it (deliveries say so).
      if (error instanceof SecretKeyMissingError) continue;
      throw error;
    }
    const next = sealSecret(secret, "webhook-signing-secret");
    const { count } = await db.webhookEndpoint.updateMany({
      where: { id: row.id, secret: row.secret, secretKeyId: row.secretKeyId },
      data: { secret: next.ciphertext, secretKeyId: next.keyId },
    });
    sealed += count;
  }
  return sealed + (await sealAuthenticatorSecrets());
}

async function sealAuthenticatorSecrets(): Promise<number> {
  const rows = await db.user.findMany({
    where: { totpSecret: { not: null }, OR: [{ totpSecretKeyId: null }, { totpSecretKeyId: { not: currentKeyId() } }] },
    select: { id: true, totpSecret: true, totpSecretKeyId: true },
  });
  let sealed = 0;
  for (const row of rows) {
    let secret: string;
    try {
      secret = openSecret(row.totpSecret!, row.totpSecretKeyId, "totp-secret");
    } catch (error) {
      if (error instanceof SecretKeyMissingError) continue;
      throw error;
    }
    const next = sealSecret(secret, "totp-secret");
    const { count } = await db.user.updateMany({
      where: { id: row.id, totpSecret: row.totpSecret, totpSecretKeyId: row.totpSecretKeyId },
      data: { totpSecret: next.ciphertext, totpSecretKeyId: next.keyId },
    });
    sealed += count;
  }
  return sealed;
}
