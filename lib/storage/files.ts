// Stored files: every upload and result is written to the blob store at once and served from our own
// URL, /api/files/{id}, with an unguessable id. A private file is visible to its owner only: a
// signed-in user, or for a guest's file the one browser whose guest key it stores
// (lib/auth/guest-key.ts). An expiring one (an unsaved result) disappears after its time, unless a
// project still shows it.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { db, type Prisma } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { StoredFile } from "@/lib/generated/prisma/client";
import { withoutLocation } from "@/lib/imaging/metadata/strip-location";
import type { ImageAsset } from "@/lib/imaging/types";
import { extensionOf } from "@/lib/validation/file-extensions";
import type { StoredBlob } from "./blob-store";
import { FILE_URL_PREFIX, fileUrl } from "./file-url";
import { blobStore } from "./store";

export { FILE_URL_PREFIX, fileUrl };
const ID_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const DAY_MS = 86_400_000;

export function extensionFor(contentType: string): string {
  return extensionOf(contentType, "bin");
}

export interface StoreImageOptions {
  userId: string | null;
  /** Private files are served to their owner only. */
  isPrivate: boolean;
  /** Days until the file expires; null keeps it (e.g. a gallery copy). */
  ttlDays: number | null;
  /** A guest's file: the hash of the guest key of the browser that made it, the one that may read it. */
  guestKeyHash?: string | null;
}

/** Hex SHA-256 of a file's bytes, as recipes name their inputs. */
export function sha256Of(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Stores an image; where it was taken (EXIF GPS, located XMP) never reaches storage. */
export async function storeImage(asset: ImageAsset, options: StoreImageOptions): Promise<StoredFile> {
  const id = randomBytes(18).toString("base64url");
  const storageKey = `images/${id.slice(0, 2)}/${id}.${extensionFor(asset.contentType)}`;
  const buffer = withoutLocation(asset.buffer, asset.contentType);
  await blobStore().put(storageKey, buffer, asset.contentType);
  return db.storedFile.create({
    data: {
      id,
      userId: options.userId,
      storageKey,
      contentType: asset.contentType,
      byteSize: buffer.length,
      sha256: sha256Of(buffer),
      width: asset.width,
      height: asset.height,
      isPrivate: options.isPrivate,
      guestKeyHash: options.guestKeyHash ?? null,
      expiresAt: options.ttlDays === null ? null : new Date(Date.now() + options.ttlDays * DAY_MS),
    },
  });
}

/** The id in one of our own file URLs (relative, or absolute on one of `origins`), else null. */
export function fileIdFromUrl(url: string, origins: readonly string[] = []): string | null {
  let pathname = url;
  if (/^https?:\/\//i.test(url)) {
    // A malformed address (e.g. "http://[::1") is simply not one of ours.
    const parsed = URL.parse(url);
    if (!parsed || !origins.includes(parsed.origin)) return null;
    pathname = parsed.pathname;
  }
  if (!pathname.startsWith(FILE_URL_PREFIX)) return null;
  const id = pathname.slice(FILE_URL_PREFIX.length);
  return ID_PATTERN.test(id) ? id : null;
}

/**
 * Whether the file's time is up: past its expiry and shown by none of its owner's projects (see
 * lib/storage/cleanup.ts). Someone else's project never keeps a file alive, and a guest's file has no
 * owner whose project could: a reference cannot make a short-lived file permanent.
 */
export async function isExpired(file: Pick<StoredFile, "id" | "userId" | "expiresAt">): Promise<boolean> {
  if (!file.expiresAt || file.expiresAt > new Date()) return false;
  if (!file.userId) return true;
  return (await db.projectFile.count({ where: { fileId: file.id, project: { userId: file.userId } } })) === 0;
}

/** Who reads a file by its URL: the origins our file URLs may arrive under, and their browser's guest key hash. */
export interface FileViewer {
  readonly fileOrigins: readonly string[];
  readonly guestKeyHash: string | null;
}

/**
 * Whether a private file is the viewer's own: a signed-in owner's, or a guest's file to the browser
 * whose verified guest key hashes to the one it stores. Only the key's holder knows a preimage of the
 * hash, so comparing the hashes plainly gives nothing away.
 */
export function isViewersOwn(file: Pick<StoredFile, "userId" | "guestKeyHash">, viewerId: string | null, guestKeyHash: string | null): boolean {
  if (file.userId !== null) return viewerId !== null && file.userId === viewerId;
  return file.guestKeyHash !== null && guestKeyHash !== null && file.guestKeyHash === guestKeyHash;
}

/**
 * A file's row, if the viewer (`viewerId`, and the hash of their browser's guest key) may see it;
 * 404 for missing, expired or someone else's private file (another browser's guest file included),
 * and for a picture an operator removed after review (lib/admin/review-decision.ts), owner included.
 */
export async function findVisibleFile(id: string, viewerId: string | null, guestKeyHash: string | null = null): Promise<StoredFile> {
  const file = ID_PATTERN.test(id) ? await db.storedFile.findUnique({ where: { id } }) : null;
  const visible = file && !file.removedAt && (!file.isPrivate || isViewersOwn(file, viewerId, guestKeyHash)) && !(await isExpired(file));
  if (!file || !visible) throw new NotFoundError("This image was not found.", "file_not_found");
  return file;
}

/** A file the viewer may see, with its bytes; 404 for missing, expired or someone else's private file. */
export async function loadFile(id: string, viewerId: string | null, guestKeyHash: string | null = null): Promise<{ file: StoredFile; blob: StoredBlob }> {
  const file = await findVisibleFile(id, viewerId, guestKeyHash);
  const blob = await blobStore().get(file.storageKey);
  if (!blob) throw new NotFoundError("This image was not found.", "file_not_found");
  return { file, blob };
}

export async function deleteStoredFile(file: Pick<StoredFile, "id" | "storageKey">): Promise<void> {
  await db.storedFile.delete({ where: { id: file.id } });
  await blobStore().delete(file.storageKey);
}

/**
 * Deletes a file's row unless a project shows it; a shown file instead expires now, so cleanup takes
 * it once no project does. Returns whether the row went (the caller then deletes the bytes).
 */
export async function deleteFileUnlessShown(client: Prisma.TransactionClient, fileId: string): Promise<boolean> {
  const deleted = await client.$executeRaw`
    DELETE FROM "stored_files" WHERE "id" = ${fileId} AND NOT EXISTS (SELECT 1 FROM "project_files" WHERE "fileId" = ${fileId})`;
  if (deleted > 0) return true;
  await client.storedFile.updateMany({ where: { id: fileId }, data: { expiresAt: new Date() } });
  return false;
}
