// The console's review queue: results the image check flagged (MODERATION=flag keeps them and marks
// the operation reviewStatus "pending"), one status at a time, newest first, a page at a time
// (lib/admin/cursor.ts, on the operations_reviewStatus_createdAt index). Each row carries its scores
// as the check kept them and the console's own address of the picture, served through the admin gate
// whatever the file's privacy, so an operator never needs a public link to see it.
import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { AdminReviewRow, Page, ReviewImageScores, ReviewSearch } from "@/lib/validation/admin";
import { blobStore } from "@/lib/storage/store";
import { decodeCursor, newestFirst, pageOf } from "./cursor";

const EXPLICIT_CLASSES = ["Porn", "Hentai"];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** One image's numeric scores; anything else in the JSON is left out. */
function imageScores(value: unknown, image: ReviewImageScores["image"], index: number): ReviewImageScores | null {
  if (!isRecord(value)) return null;
  const classes = Object.fromEntries(Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
  if (Object.keys(classes).length === 0) return null;
  const explicit = EXPLICIT_CLASSES.some((name) => name in classes) ? EXPLICIT_CLASSES.reduce((sum, name) => sum + (classes[name] ?? 0), 0) : null;
  return { image, index, classes, explicit: explicit === null ? null : Math.round(explicit * 10_000) / 10_000 };
}

/** The check's record (lib/moderation/image.ts, ContentReview) read defensively: it is JSON, and older rows may lack parts. */
export function reviewScores(contentScores: unknown): AdminReviewRow["scores"] {
  const record = isRecord(contentScores) ? contentScores : {};
  const inputs = Array.isArray(record.inputs) ? record.inputs : [];
  const images = [imageScores(record.result, "result", 1), ...inputs.map((scores, position) => imageScores(scores, "input", position + 1))].filter(
    (scores): scores is ReviewImageScores => scores !== null,
  );
  return {
    model: typeof record.model === "string" ? record.model : null,
    threshold: typeof record.threshold === "number" ? record.threshold : null,
    mode: typeof record.mode === "string" ? record.mode : null,
    images,
  };
}

export const reviewImagePath = (operationId: string) => `/api/admin/review/${encodeURIComponent(operationId)}/image`;

export async function searchReview(search: ReviewSearch): Promise<Page<AdminReviewRow>> {
  const rows = await db.operation.findMany({
    ...newestFirst({ reviewStatus: search.status }, decodeCursor(search.cursor), search.limit + 1),
    select: {
      id: true,
      userId: true,
      kind: true,
      prompt: true,
      createdAt: true,
      reviewStatus: true,
      reviewedAt: true,
      contentScores: true,
      user: { select: { email: true } },
      resultFile: { select: { id: true, removedAt: true } },
    },
  });
  return pageOf(rows, search.limit, (page) =>
    page.map((row) => ({
      id: row.id,
      userId: row.userId,
      userEmail: row.user?.email ?? null,
      kind: row.kind,
      prompt: row.prompt,
      createdAt: row.createdAt.toISOString(),
      reviewStatus: row.reviewStatus!,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      imageUrl: row.resultFile && !row.resultFile.removedAt ? reviewImagePath(row.id) : null,
      scores: reviewScores(row.contentScores),
    })),
  );
}

/** A flagged operation's result and its bytes, for the console's own address of it; 404 once removed. */
export async function reviewImage(operationId: string): Promise<{ contentType: string; body: Buffer }> {
  const operation = await db.operation.findUnique({ where: { id: operationId }, select: { reviewStatus: true, resultFile: true } });
  const file = operation?.reviewStatus ? operation.resultFile : null;
  const blob = file && !file.removedAt ? await blobStore().get(file.storageKey) : null;
  if (!file || !blob) throw new NotFoundError("This image was not found.", "file_not_found");
  return { contentType: file.contentType, body: blob.body };
}
