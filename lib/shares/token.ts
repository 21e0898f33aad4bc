// A share link's token: 256 random bits, base64url (43 characters), never the file's id. The database
// keeps its hex SHA-256 (looked up by a unique index, so any string costs one hash and one index probe)
// and the token sealed for the owner's list ("share-token", lib/crypto/secret-box.ts).
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { openSecret, sealSecret } from "@/lib/crypto/secret-box";

const TOKEN_BYTES = 32;

export interface NewShareToken {
  token: string;
  tokenHash: string;
  tokenSealed: string;
  tokenKeyId: string;
}

/** The hex SHA-256 a token is stored and looked up by, whatever the string (a guess included). */
export function hashShareToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newShareToken(): NewShareToken {
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const sealed = sealSecret(token, "share-token");
  return { token, tokenHash: hashShareToken(token), tokenSealed: sealed.ciphertext, tokenKeyId: sealed.keyId };
}

/** The token a share was made with, for its owner's list. */
export function openShareToken(share: { tokenSealed: string; tokenKeyId: string }): string {
  return openSecret(share.tokenSealed, share.tokenKeyId, "share-token");
}
