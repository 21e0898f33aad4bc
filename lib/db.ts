// The one Prisma client of the app, shared across hot reloads in development.
import "server-only";
import { createPrismaClient, poolOf, type PrismaClient } from "@/lib/db/create-client";
import { databaseEnv, isProduction } from "@/lib/env";

const globalForPrisma = globalThis as unknown as { pictura_prisma?: PrismaClient };

let client: PrismaClient | undefined;

/**
 * The client, made on first use, from the database's settings alone. A build imports every route module
 * to collect its settings, with no database or secrets to hand (README: `npm run build` before `npm run
 * db:migrate`), and prerenders pages that list the plans when a database is there; a production server
 * started without them still stops at once (instrumentation-node.ts).
 */
function prismaClient(): PrismaClient {
  if (client) return client;
  client = globalForPrisma.pictura_prisma ?? createPrismaClient(databaseEnv().DATABASE_URL, databaseEnv().DATABASE_POOL_SIZE);
  if (!isProduction()) globalForPrisma.pictura_prisma = client;
  return client;
}

// The client's methods ($transaction, $queryRaw…) bound to it once each, so `this` is the client.
const bound = new Map<PropertyKey, unknown>();

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_, key) {
    const target = prismaClient();
    const value: unknown = Reflect.get(target, key, target);
    if (typeof value !== "function") return value;
    if (!bound.has(key)) bound.set(key, (value as (...args: unknown[]) => unknown).bind(target));
    return bound.get(key);
  },
  has: (_, key) => Reflect.has(prismaClient(), key),
});

export { Prisma } from "@/lib/generated/prisma/client";

/** The node-postgres pool under `db`, for a hand-written hot query; null when it has been closed. */
export const sqlPool = () => poolOf(prismaClient());
