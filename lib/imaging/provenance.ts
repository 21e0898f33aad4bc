// Where an operation comes from, as its recipe tells it: the provider's model and seed for the
// operation, and for each input image the hash of its bytes and the earlier result it was, if any.
import "server-only";
import { randomInt } from "node:crypto";
import { db } from "@/lib/db";
import type { OperationKind, StoredFile } from "@/lib/generated/prisma/client";
import type { RecordedInput } from "@/lib/jobs/enqueue";
import { sha256Of } from "@/lib/storage/files";
import { engineOperationsOf } from "@/lib/tools/derive";
import { blobStore } from "@/lib/storage/store";
import { MAX_SEED, type EngineOperation, type ProviderProfile } from "./types";

/** The provider method each kind of operation runs (the tool registry's); selection runs the local model, outside it. */
export const ENGINE_OPERATION = engineOperationsOf() as Record<OperationKind, EngineOperation | null>;

export function modelOf(provider: ProviderProfile, kind: OperationKind): string | null {
  const engineOperation = ENGINE_OPERATION[kind];
  return engineOperation ? (provider.models[engineOperation] ?? null) : null;
}

export function takesSeed(provider: ProviderProfile, kind: OperationKind): boolean {
  const engineOperation = ENGINE_OPERATION[kind];
  return engineOperation !== null && provider.seeded.includes(engineOperation);
}

/** A fresh seed, for an operation whose provider takes one and whose caller named none. */
export function randomSeed(): number {
  return randomInt(0, MAX_SEED);
}

/** The file's hash, worked out from its bytes for a file stored before hashes were kept. */
async function hashOf(file: StoredFile): Promise<string> {
  if (file.sha256) return file.sha256;
  const blob = await blobStore().get(file.storageKey);
  if (!blob) return "";
  const sha256 = sha256Of(blob.body);
  await db.storedFile.update({ where: { id: file.id }, data: { sha256 } });
  return sha256;
}

/**
 * The operation that made this file: the one whose result it is, or, for an upload of the same
 * bytes (an earlier result sent back as a data URL), the user's first operation with that result.
 * Only the user's own operations count: someone else's recipe is not theirs to see.
 */
async function producerOf(file: StoredFile, sha256: string, userId: string | null, justStored: boolean): Promise<string | null> {
  if (!userId) return null;
  // A file the request itself has just stored is no operation's result (yet).
  if (!justStored) {
    const direct = await db.operation.findFirst({ where: { resultFileId: file.id, userId }, select: { id: true } });
    if (direct) return direct.id;
  }
  if (!sha256) return null;
  // Asked as "is this operation's result these bytes", a primary-key lookup for each of the user's
  // succeeded operations. As a join, a table without statistics yet (a new database, a server without
  // autovacuum) got a plan pairing every such operation with every upload of the same bytes:
  // quadratic for someone who sends one picture many times.
  const [same] = await db.$queryRaw<{ id: string }[]>`
    SELECT o."id" FROM "operations" o
    WHERE o."userId" = ${userId} AND o."status" = 'succeeded'
      AND (SELECT f."sha256" FROM "stored_files" f WHERE f."id" = o."resultFileId" AND f."userId" = ${userId}) = ${sha256}
    ORDER BY o."createdAt" ASC
    LIMIT 1`;
  return same?.id ?? null;
}

/**
 * The recipe's record of each stored input, in order. `justStored` are the rows of the uploads this
 * request has just written: they are not read again.
 */
export async function recordInputs(fileIds: string[], userId: string | null, justStored: StoredFile[] = []): Promise<RecordedInput[]> {
  const fresh = new Map(justStored.map((file) => [file.id, file]));
  const others = fileIds.filter((id) => !fresh.has(id));
  const files = others.length > 0 ? await db.storedFile.findMany({ where: { id: { in: others } } }) : [];
  const byId = new Map([...fresh, ...files.map((file) => [file.id, file] as const)]);
  const recorded: RecordedInput[] = [];
  for (const fileId of fileIds) {
    const file = byId.get(fileId);
    if (!file) throw new Error(`Input file ${fileId} is not stored`);
    const sha256 = await hashOf(file);
    recorded.push({ fileId, sha256, parentOperationId: await producerOf(file, sha256, userId, fresh.has(fileId)) });
  }
  return recorded;
}
