// What anyone with a share link sees: the share found by its token's hash (one unique-index probe,
// whatever the token looks like, so a guess costs what a wrong link costs and says nothing about
// which tokens exist), and only while it is live: not revoked, expired, hidden pending review, its
// copy not removed or lost from storage, its owner not suspended or gone. Anything else is the same
// 404: a page whose picture cannot load would show a broken image.
// Views are counted on the share's row alone: no cookie is set and no address is kept.
import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { StoredFile } from "@/lib/generated/prisma/client";
import { logger } from "@/lib/observability/log";
import { blobStore } from "@/lib/storage/store";
import { aiLabelsOf } from "@/lib/tools/server-facts";
import { shareStatusOf, shareUrls } from "./shares";
import { hashShareToken } from "./token";

const AI_LABELS = aiLabelsOf();
const log = logger("shares");

export interface PublicShare {
  id: string;
  url: string;
  imageUrl: string;
  width: number | null;
  height: number | null;
  caption: string | null;
  prompt: string | null;
  indexable: boolean;
  /** What the label on the page says: made with AI, changed with AI, or no label. */
  ai: "made" | "changed" | null;
  createdAt: Date;
}

const shareNotFound = () => new NotFoundError("This share link does not exist or is no longer shared.", "share_not_found");

async function liveShareOf(token: string) {
  const share = await db.share.findUnique({
    where: { tokenHash: hashShareToken(token) },
    include: { file: true, user: { select: { suspendedAt: true, deletedAt: true } } },
  });
  if (!share || shareStatusOf(share, share.file) !== "active" || share.user.suspendedAt || share.user.deletedAt) return null;
  return share;
}

function aiOf(kind: string | undefined): PublicShare["ai"] {
  const label = kind ? AI_LABELS[kind] : null;
  if (label === "generated") return "made";
  if (label === "edited" || label === "composite") return "changed";
  return null;
}

/** The live share a token names, or null. */
export async function findPublicShare(token: string): Promise<PublicShare | null> {
  const share = await liveShareOf(token);
  if (!share) return null;
  const [stored, made] = await Promise.all([
    blobStore().has(share.file.storageKey),
    share.operationId ? db.operation.findUnique({ where: { id: share.operationId }, select: { kind: true } }) : null,
  ]);
  if (!stored) {
    // A row whose bytes are gone is lost data for the operator, and nothing a viewer can see.
    log.warn({ shareId: share.id, fileId: share.file.id }, "a live share's copy is missing from storage");
    return null;
  }
  const { url, imageUrl } = shareUrls(token);
  return {
    id: share.id,
    url,
    imageUrl,
    width: share.file.width,
    height: share.file.height,
    caption: share.caption,
    prompt: share.prompt,
    indexable: share.indexable,
    ai: aiOf(made?.kind),
    createdAt: share.createdAt,
  };
}

/** Counts one view of a share's page. */
export async function countShareView(shareId: string): Promise<void> {
  await db.share.updateMany({ where: { id: shareId }, data: { views: { increment: 1 } } });
}

/** The copy a live share serves, with whether it may be indexed; 404 for a link that shows nothing. */
export async function liveShareCopy(token: string): Promise<{ file: StoredFile; bytes: Buffer; indexable: boolean }> {
  const share = await liveShareOf(token);
  const blob = share ? await blobStore().get(share.file.storageKey) : null;
  if (!share || !blob) throw shareNotFound();
  return { file: share.file, bytes: blob.body, indexable: share.indexable };
}
