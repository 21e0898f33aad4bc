// Saved images: the gallery of paid plans. A save keeps its own copy of the file (so it outlives the
// result it came from); at the plan's limit the oldest image goes, in the same transaction as the
// insert and under a lock on the user, so concurrent saves never leave more than the limit.
import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import type { SavedImage, StoredFile, User } from "@/lib/generated/prisma/client";
import { parseDataUrl, readImage, CONVERTER_FORMATS } from "@/lib/imaging/input";
import { deleteFileUnlessShown, extensionFor, fileIdFromUrl, fileUrl, loadFile, sha256Of, type FileViewer } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import type { SavedImageView, saveImageSchema, StorageInfo } from "@/lib/validation/gallery";
import type { z } from "zod";
import { storageLimit } from "./limits";
import { withoutLocation } from "@/lib/imaging/metadata/strip-location";
import { logger } from "@/lib/observability/log";

const log = logger("gallery");

export const FREE_CANNOT_SAVE = "Free users cannot save images. Upgrade to Essential or Pro to save your creations.";

/** What is known of a saved image, as the gallery and the data export show it (each adds where the file is). */
export function savedImageFacts(image: SavedImage & { file: StoredFile }) {
  return {
    id: image.id,
    filename: image.filename,
    description: image.description,
    tool: image.tool,
    originalPrompt: image.originalPrompt,
    fileSize: image.fileSize,
    width: image.file.width,
    height: image.file.height,
    contentType: image.file.contentType,
    createdAt: image.createdAt.toISOString(),
  };
}

function toView(image: SavedImage & { file: StoredFile }): SavedImageView {
  return { ...savedImageFacts(image), imageUrl: fileUrl(image.file) };
}

export async function listSavedImages(userId: string): Promise<SavedImageView[]> {
  // A removal deletes the entries holding its copies; a copy marked removed is never listed meanwhile.
  const images = await db.savedImage.findMany({
    where: { userId, file: { removedAt: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { file: true },
  });
  return images.map(toView);
}

export async function storageInfo(user: User): Promise<StorageInfo> {
  const limit = storageLimit(user.tier);
  const used = await db.savedImage.count({ where: { userId: user.id } });
  return { canSave: limit > 0, storageUsed: used, storageLimit: limit, tier: user.tier };
}

/** The bytes to keep: one of the user's own files, or an image the browser made (a data URL). */
async function sourceImage(user: User, imageUrl: string, viewer: FileViewer) {
  const data = parseDataUrl(imageUrl);
  if (data) return readImage(data, CONVERTER_FORMATS);
  const id = fileIdFromUrl(imageUrl, viewer.fileOrigins);
  if (!id) throw new BadRequestError("imageUrl must be one of your images.", "invalid_image_url");
  // A result this browser made as a guest, before signing in, may be kept too.
  const { file, blob } = await loadFile(id, user.id, viewer.guestKeyHash);
  return { buffer: blob.body, contentType: file.contentType, width: file.width ?? 0, height: file.height ?? 0 };
}

export async function saveImage(
  user: User,
  input: z.infer<typeof saveImageSchema>,
  viewer: FileViewer,
): Promise<{ deletedOldest: boolean; image: SavedImageView }> {
  const limit = storageLimit(user.tier);
  if (limit === 0) throw new ForbiddenError(FREE_CANNOT_SAVE, "upgrade_required");
  const found = await sourceImage(user, input.imageUrl, viewer);
  const source = { ...found, buffer: withoutLocation(found.buffer, found.contentType) };
  const id = randomBytes(18).toString("base64url");
  const storageKey = `gallery/${user.id}/${id}.${extensionFor(source.contentType)}`;
  await blobStore().put(storageKey, source.buffer, source.contentType);
  let removedKeys: string[] = [];
  try {
    const outcome = await db.$transaction(async (tx) => {
      // One save at a time per user: the count and the delete below see every committed save.
      await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${user.id} FOR UPDATE`;
      const current = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { tier: true } });
      const currentLimit = storageLimit(current.tier);
      if (currentLimit === 0) throw new ForbiddenError(FREE_CANNOT_SAVE, "upgrade_required");
      const used = await tx.savedImage.count({ where: { userId: user.id } });
      if (used > currentLimit) {
        throw new ConflictError(
          `Your gallery holds ${used} images, more than your plan's ${currentLimit}. Delete some to save new ones.`,
          "over_storage_limit",
        );
      }
      const oldest =
        used === currentLimit
          ? await tx.savedImage.findFirst({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { file: true } })
          : null;
      let removedKey: string | null = null;
      if (oldest) {
        await tx.savedImage.delete({ where: { id: oldest.id } });
        if (await deleteFileUnlessShown(tx, oldest.fileId)) removedKey = oldest.file.storageKey;
      }
      const file = await tx.storedFile.create({
        data: {
          id,
          userId: user.id,
          storageKey,
          contentType: source.contentType,
          byteSize: source.buffer.length,
          sha256: sha256Of(source.buffer),
          width: source.width || null,
          height: source.height || null,
          isPrivate: true,
        },
      });
      const image = await tx.savedImage.create({
        data: {
          userId: user.id,
          fileId: file.id,
          filename: input.filename,
          description: input.description,
          tool: input.tool,
          originalPrompt: input.originalPrompt,
          fileSize: file.byteSize,
        },
        include: { file: true },
      });
      return { image, removedKey, deletedOldest: Boolean(oldest) };
    });
    removedKeys = outcome.removedKey ? [outcome.removedKey] : [];
    return { deletedOldest: outcome.deletedOldest, image: toView(outcome.image) };
  } catch (error) {
    // Nothing was saved: drop the copy made for it.
    await blobStore()
      .delete(storageKey)
      .catch(() => undefined);
    throw error;
  } finally {
    for (const key of removedKeys)
      await blobStore()
        .delete(key)
        .catch((error: unknown) => log.error({ err: error, key }, "could not delete a stored file"));
  }
}

export async function deleteSavedImage(user: User, id: string): Promise<void> {
  const image = await db.savedImage.findFirst({ where: { id, userId: user.id }, include: { file: true } });
  if (!image) throw new NotFoundError("This image was not found.", "saved_image_not_found");
  // A project may show the same file: then it stays for the project, and expires once none does.
  const removed = await db.$transaction(async (tx) => {
    await tx.savedImage.delete({ where: { id: image.id } });
    return deleteFileUnlessShown(tx, image.fileId);
  });
  if (removed) await blobStore().delete(image.file.storageKey);
}
