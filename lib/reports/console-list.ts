// The console's Reports screen reads: reports one status at a time (open first, the work to do),
// appeals one status at a time, both newest first and a page at a time (lib/admin/cursor.ts); each
// row with what the address shows, whose it is, and the console's own address of the picture, served
// through the admin gate whatever its state (a removed picture's bytes are kept for an appeal).
import "server-only";
import { decodeCursor, newestFirst, pageOf } from "@/lib/admin/cursor";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { blobStore } from "@/lib/storage/store";
import type { Page } from "@/lib/validation/admin";
import type { AdminAppealRow, AdminReportRow, AppealSearch, ReportSearch } from "@/lib/validation/reports";

export const reportImagePath = (reportId: string) => `/api/admin/reports/${encodeURIComponent(reportId)}/image`;

const reportInclude = {
  share: { select: { userId: true, fileId: true, hiddenAt: true, revokedAt: true, user: { select: { email: true } } } },
  file: { select: { id: true, userId: true, user: { select: { email: true } } } },
  appeal: true,
} satisfies Prisma.ReportInclude;
type ReportRow = Prisma.ReportGetPayload<{ include: typeof reportInclude }>;

function presentReport(row: ReportRow): AdminReportRow {
  const owner = row.share
    ? { id: row.share.userId, email: row.share.user.email }
    : row.file
      ? { id: row.file.userId, email: row.file.user?.email ?? null }
      : null;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    url: row.url,
    category: row.category,
    explanation: row.explanation,
    reporterName: row.reporterName,
    reporterEmail: row.reporterEmail,
    status: row.status,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decisionRule: row.decisionRule,
    decisionNote: row.decisionNote,
    target: {
      kind: row.share ? "share" : row.file ? "file" : "none",
      ownerId: owner?.id ?? null,
      ownerEmail: owner?.email ?? null,
      hidden: row.share?.hiddenAt != null,
      revoked: row.share?.revokedAt != null,
    },
    imageUrl: row.share || row.file ? reportImagePath(row.id) : null,
    appeal: row.appeal ? { id: row.appeal.id, status: row.appeal.status, text: row.appeal.text, createdAt: row.appeal.createdAt.toISOString() } : null,
  };
}

export async function searchReports(search: ReportSearch): Promise<Page<AdminReportRow>> {
  const rows = await db.report.findMany({
    ...newestFirst({ status: search.status }, decodeCursor(search.cursor), search.limit + 1),
    include: reportInclude,
  });
  return pageOf(rows, search.limit, (page) => page.map(presentReport));
}

export async function searchAppeals(search: AppealSearch): Promise<Page<AdminAppealRow>> {
  const rows = await db.reportAppeal.findMany({
    ...newestFirst({ status: search.status }, decodeCursor(search.cursor), search.limit + 1),
    include: { user: { select: { email: true } }, report: { include: reportInclude } },
  });
  return pageOf(rows, search.limit, (page) =>
    page.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      text: row.text,
      status: row.status,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      ownerEmail: row.user.email,
      report: presentReport(row.report),
    })),
  );
}

/** The reported picture's bytes for the console: the share's served copy, or the reported file. */
export async function reportImage(reportId: string): Promise<{ contentType: string; body: Buffer }> {
  const report = await db.report.findUnique({ where: { id: reportId }, select: { share: { select: { file: true } }, file: true } });
  const file = report?.share?.file ?? report?.file ?? null;
  const blob = file ? await blobStore().get(file.storageKey) : null;
  if (!file || !blob) throw new NotFoundError("This image was not found.", "file_not_found");
  return { contentType: file.contentType, body: blob.body };
}
