// The address a stored file is served from, /api/files/{id}: apart from lib/storage/files.ts so that
// scripts without the app's configuration (a preview's seeding) and the browser can name files too.
import type { StoredFile } from "@/lib/generated/prisma/client";

export const FILE_URL_PREFIX = "/api/files/";

export function fileUrl(file: Pick<StoredFile, "id">): string {
  return `${FILE_URL_PREFIX}${file.id}`;
}

const OWN_FILE = /^\/api\/files\/([A-Za-z0-9_-]{24})$/;

/** The id in a relative address of one of our files, as the browser holds it (a result, a gallery image), else null. */
export function ownFileIdOf(url: string): string | null {
  return OWN_FILE.exec(url)?.[1] ?? null;
}
