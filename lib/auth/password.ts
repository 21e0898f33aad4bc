// Password hashing with argon2id (OWASP's recommended parameters: 19 MiB, 2 passes).
import "server-only";
import { hash, verify, Algorithm } from "@node-rs/argon2";

const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the e-mail is unknown keeps both answers equally slow.
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword("decoy-password-for-unknown-accounts");
  await verifyPassword(await decoyHash, password);
  return false;
}
