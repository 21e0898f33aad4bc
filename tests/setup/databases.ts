// Databases of their own for tests that need one: named beside another on the same server, and dropped
// whole (connections included) when a run starts afresh or ends.
import { Client } from "pg";

/** The database `name` on the server `databaseUrl` names. */
export function databaseOnServer(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const client = new Client({ connectionString: databaseOnServer(databaseUrl, "postgres") });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
