// The address a stored file is served from, /api/files/{id}: apart from lib/storage/files.ts so that
// scripts without the app's configuration (a preview's seeding) can name files too.
import type { StoredFile } from "@/lib/generated/prisma/client";

export const FILE_URL_PREFIX = "/api/files/";

export function fileUrl(file: Pick<StoredFile, "id">): string {
  return `${FILE_URL_PREFIX}${file.id}`;
}
