// What a preview is called, and the names derived from it: its database on the shared server and
// its folder in the blob store. Checked strictly, since the name ends up in SQL identifiers and paths.

export const PREVIEW_DATABASE_PREFIX = "pictura_preview_";
/** PostgreSQL names are at most 63 bytes; the prefix takes 16 of them. */
export const PREVIEW_NAME_MAX_LENGTH = 40;

export interface PreviewIdentity {
  /** As given, e.g. pr-12: what the preview's banner shows. */
  name: string;
  /** The name with `-` as `_`, e.g. pr_12. */
  id: string;
  database: string;
  /** STORAGE_PREFIX: the folder (disk) or key prefix (bucket) of the preview's files. */
  storagePrefix: string;
}

export class PreviewNameError extends Error {}

export function previewIdentity(name: string): PreviewIdentity {
  if (!name) throw new PreviewNameError("Give the preview a name, e.g. pr-12.");
  if (name.length > PREVIEW_NAME_MAX_LENGTH) throw new PreviewNameError(`A preview name has at most ${PREVIEW_NAME_MAX_LENGTH} characters.`);
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(name)) {
    throw new PreviewNameError(`"${name}" is not a preview name: use lowercase letters, digits, - and _, starting with a letter or digit.`);
  }
  const id = name.replace(/-/g, "_");
  return { name, id, database: `${PREVIEW_DATABASE_PREFIX}${id}`, storagePrefix: `previews/${id}` };
}

/** The preview a database belongs to (its id), or null for any other database. */
export function previewIdOf(database: string): string | null {
  return database.startsWith(PREVIEW_DATABASE_PREFIX) ? database.slice(PREVIEW_DATABASE_PREFIX.length) : null;
}
