// Builds a Prisma client on the node-postgres driver adapter (no native query engine needed), over a
// pool it owns and ends on $disconnect. The pool is also reachable for the rare hot query that is
// worth writing by hand (the session check of every API call).
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

const pools = new WeakMap<PrismaClient, Pool>();

export function createPrismaClient(databaseUrl: string, poolSize = 10): PrismaClient {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  pools.set(client, pool);
  return client;
}

/** The client's node-postgres pool while it is open; null once the client has disconnected. */
export function poolOf(client: PrismaClient): Pool | null {
  const pool = pools.get(client);
  return pool && !pool.ending && !pool.ended ? pool : null;
}

export type { PrismaClient };
