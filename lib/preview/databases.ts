// The previews' databases on one PostgreSQL server. Each is created by `npm run preview:up` and
// marked as such (a comment on the database with the time it was made), and only a marked one is
// ever dropped: a database that merely looks like a preview's is somebody's data.
import { Client } from "pg";
import { PREVIEW_DATABASE_PREFIX, previewIdOf, type PreviewIdentity } from "./names";

const MARKER = "pictura-preview";

export interface PreviewMark {
  by: typeof MARKER;
  name: string;
  createdAt: string;
}

export interface PreviewDatabase {
  database: string;
  id: string;
  /** The mark preview:up left; null when the database has none (preview:down refuses it). */
  mark: PreviewMark | null;
}

export class UnmarkedDatabaseError extends Error {}

/** The same server and credentials as `serverUrl`, on another database. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Runs `work` connected to the server's maintenance database (the URL's own, else postgres). */
export async function withServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const url = new URL(serverUrl);
  if (url.pathname === "/" || url.pathname === "") url.pathname = "/postgres";
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function parseMark(comment: string | null): PreviewMark | null {
  if (!comment) return null;
  try {
    const mark = JSON.parse(comment) as Partial<PreviewMark>;
    return mark.by === MARKER && typeof mark.createdAt === "string" && typeof mark.name === "string" ? (mark as PreviewMark) : null;
  } catch {
    return null;
  }
}

/** Every database named like a preview's, with its mark; oldest first. */
export async function listPreviewDatabases(client: Client): Promise<PreviewDatabase[]> {
  const { rows } = await client.query<{ datname: string; comment: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname`,
    [PREVIEW_DATABASE_PREFIX],
  );
  const found = rows.map((row) => ({ database: row.datname, id: previewIdOf(row.datname)!, mark: parseMark(row.comment) }));
  return found.sort((a, b) => (a.mark?.createdAt ?? "").localeCompare(b.mark?.createdAt ?? ""));
}

async function findPreviewDatabase(client: Client, database: string): Promise<PreviewDatabase | null> {
  return (await listPreviewDatabases(client)).find((entry) => entry.database === database) ?? null;
}

/** Creates and marks the preview's database; an existing marked one is kept as it is. */
export async function createPreviewDatabase(client: Client, identity: PreviewIdentity, now = new Date()): Promise<"created" | "existing"> {
  const existing = await findPreviewDatabase(client, identity.database);
  if (existing && !existing.mark) throw new UnmarkedDatabaseError(`${identity.database} exists but was not made by preview:up; it is left alone.`);
  if (existing) return "existing";
  await client.query(`CREATE DATABASE ${client.escapeIdentifier(identity.database)}`);
  const mark: PreviewMark = { by: MARKER, name: identity.name, createdAt: now.toISOString() };
  await client.query(`COMMENT ON DATABASE ${client.escapeIdentifier(identity.database)} IS ${client.escapeLiteral(JSON.stringify(mark))}`);
  return "created";
}

/** Drops the preview's database, ending its connections; refuses one without the mark. */
export async function dropPreviewDatabase(client: Client, identity: PreviewIdentity): Promise<"dropped" | "absent"> {
  const existing = await findPreviewDatabase(client, identity.database);
  if (!existing) return "absent";
  if (!existing.mark) throw new UnmarkedDatabaseError(`${identity.database} was not made by preview:up: refusing to drop it.`);
  await client.query(`DROP DATABASE ${client.escapeIdentifier(identity.database)} WITH (FORCE)`);
  return "dropped";
}
