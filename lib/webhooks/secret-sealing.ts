// Sealing every stored webhook signing secret under the current key at once: those left in plain
// text by a release before encryption (key id NULL) and those under a retired key. Deliveries seal
// the secret they use anyway; this reaches the endpoints that receive nothing, so no plain secret
// lingers. Run at each worker's start and by the scheduled cleanup; safe to repeat.
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
  return sealed;
}
