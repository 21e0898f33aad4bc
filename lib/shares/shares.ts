// Share links: an owner publishes one of their pictures (a result or a gallery image they may see) at
// /s/{token}. The link serves a derived copy (./derived-copy.ts), stored as a private file of its own
// that lives as long as the link; the original, its id and its storage stay private. The owner lists
// their links (the token is kept sealed, so the list can show each link again) and revokes them.
// Only a signed-in account makes links (the route asks for a session or an API key); a share stays
// the owner's: someone else's share is a 404, as if it did not exist.
import "server-only";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import type { Operation, Share, StoredFile, User } from "@/lib/generated/prisma/client";
import { appOrigin } from "@/lib/http/app-origin";
import { limitShareCreation } from "@/lib/rate-limit/shares";
import { deleteStoredFile, findVisibleFile, storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { SHARE_EXPIRY_DAYS, type CreateShareInput, type ShareStatus, type ShareView } from "@/lib/validation/shares";
import { deriveShareCopy } from "./derived-copy";
import { newShareToken, openShareToken } from "./token";

const notYours = () => new NotFoundError("This image was not found.", "file_not_found");

/** The share page's address, and the address of the copy it serves. */
export function shareUrls(token: string): { url: string; imageUrl: string } {
  const path = `/s/${token}`;
  return { url: `${appOrigin()}${path}`, imageUrl: `${path}/image` };
}

export function shareStatusOf(share: Pick<Share, "revokedAt" | "hiddenAt" | "expiresAt">, file: Pick<StoredFile, "removedAt">, now = new Date()): ShareStatus {
  if (share.hiddenAt || file.removedAt) return "hidden";
  if (share.revokedAt) return "revoked";
  if (share.expiresAt && share.expiresAt <= now) return "expired";
  return "active";
}

function toView(share: Share & { file: Pick<StoredFile, "removedAt"> }, token: string): ShareView {
  const { url, imageUrl } = shareUrls(token);
  return {
    id: share.id,
    url,
    thumbnailUrl: imageUrl,
    status: shareStatusOf(share, share.file),
    expiresAt: share.expiresAt?.toISOString() ?? null,
    indexable: share.indexable,
    caption: share.caption,
    prompt: share.prompt,
    views: share.views,
    createdAt: share.createdAt.toISOString(),
    revokedAt: share.revokedAt?.toISOString() ?? null,
  };
}

/**
 * The operation that made the picture: the one whose result it is, or for a gallery copy (same bytes,
 * another file) the owner's latest operation whose result had those bytes.
 */
async function operationThatMade(file: StoredFile, ownerId: string): Promise<Operation | null> {
  const direct = await db.operation.findFirst({ where: { resultFileId: file.id, userId: ownerId }, orderBy: { createdAt: "desc" } });
  if (direct || !file.sha256) return direct;
  return db.operation.findFirst({ where: { userId: ownerId, resultFile: { sha256: file.sha256, userId: ownerId } }, orderBy: { createdAt: "desc" } });
}

async function promptOf(file: StoredFile, made: Operation | null): Promise<string | null> {
  if (made?.prompt) return made.prompt;
  const saved = await db.savedImage.findUnique({ where: { fileId: file.id }, select: { originalPrompt: true } });
  return saved?.originalPrompt ?? null;
}

export async function createShare(owner: User, input: CreateShareInput): Promise<ShareView> {
  await limitShareCreation(owner.id);
  const file = await findVisibleFile(input.fileId, owner.id);
  // A public file of someone else's is visible, but not theirs to publish.
  if (file.userId !== owner.id) throw notYours();
  const made = await operationThatMade(file, owner.id);
  if (made?.reviewStatus === "pending" || made?.reviewStatus === "removed") {
    throw new ConflictError("This image is waiting for a review and cannot be shared yet.", "under_review");
  }
  const blob = await blobStore().get(file.storageKey);
  if (!blob) throw notYours();
  const copy = await deriveShareCopy({ bytes: blob.body, contentType: file.contentType }, made);
  const prompt = input.showPrompt ? await promptOf(file, made) : null;
  const stored = await storeImage(copy, { userId: owner.id, isPrivate: true, ttlDays: SHARE_EXPIRY_DAYS[input.expiresIn] });
  const token = newShareToken();
  try {
    const share = await db.share.create({
      data: {
        tokenHash: token.tokenHash,
        tokenSealed: token.tokenSealed,
        tokenKeyId: token.tokenKeyId,
        userId: owner.id,
        sourceFileId: file.id,
        fileId: stored.id,
        operationId: made?.id ?? null,
        caption: input.caption,
        prompt,
        indexable: input.indexable,
        expiresAt: stored.expiresAt,
      },
      include: { file: { select: { removedAt: true } } },
    });
    return toView(share, token.token);
  } catch (error) {
    await deleteStoredFile(stored).catch(() => undefined);
    throw error;
  }
}

/** The owner's links, newest first. */
export async function listShares(owner: Pick<User, "id">): Promise<ShareView[]> {
  const shares = await db.share.findMany({
    where: { userId: owner.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { file: { select: { removedAt: true } } },
  });
  return shares.map((share) => toView(share, openShareToken(share)));
}

/** Revokes one of the owner's links at once (its page and image answer 404 from now on); again is a no-op. */
export async function revokeShare(owner: Pick<User, "id">, id: string): Promise<void> {
  const share = await db.share.findFirst({ where: { id, userId: owner.id }, select: { id: true } });
  if (!share) throw new NotFoundError("This share link was not found.", "share_not_found");
  await db.share.updateMany({ where: { id: share.id, revokedAt: null }, data: { revokedAt: new Date() } });
}
