// What a reported address shows: one of our share pages (/s/{token}, with or without a language
// prefix, looked up by the token's hex SHA-256 as shares are stored) or one of our file addresses
// (/api/files/{id}). Only addresses on the site's own origin count; anything else is refused with a
// code, so a report always points at something an operator can act on.
import "server-only";
import { db } from "@/lib/db";
import { BadRequestError } from "@/lib/errors";
import { locales } from "@/lib/i18n/locales";
import { hashShareToken } from "@/lib/shares/token";
import { fileIdFromUrl } from "@/lib/storage/files";

export interface ReportTarget {
  shareId: string | null;
  fileId: string | null;
}

const SHARE_PATH = new RegExp(`^(?:/(?:${locales.join("|")}))?/s/([A-Za-z0-9_-]{16,128})/?$`);

/** The token in a share page's path, or null when the path is not one. */
export function shareTokenOfPath(pathname: string): string | null {
  return SHARE_PATH.exec(pathname)?.[1] ?? null;
}

const notOurs = () =>
  new BadRequestError("Give the address of a shared image or a file on this site: other addresses cannot be reported here.", "report_address_not_ours");
const unknown = () => new BadRequestError("Nothing on this site has this address. Check that you copied the whole link.", "report_target_not_found");

/** The share or file an address on `origin` shows; a 400 with a code for any other address. */
export async function resolveReportTarget(address: string, origin: string): Promise<ReportTarget> {
  const url = URL.parse(address, origin);
  if (!url || url.origin !== origin || url.username || url.password) throw notOurs();
  const token = shareTokenOfPath(url.pathname);
  if (token) {
    const share = await db.share.findUnique({ where: { tokenHash: hashShareToken(token) }, select: { id: true, fileId: true } });
    if (!share) throw unknown();
    return { shareId: share.id, fileId: share.fileId };
  }
  const fileId = fileIdFromUrl(url.pathname);
  if (!fileId) throw notOurs();
  const file = await db.storedFile.findUnique({ where: { id: fileId }, select: { id: true } });
  if (!file) throw unknown();
  // A share's served copy reported by its file address is the share reported.
  const share = await db.share.findUnique({ where: { fileId }, select: { id: true } });
  return { shareId: share?.id ?? null, fileId };
}
