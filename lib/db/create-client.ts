// Builds a Prisma client on the node-postgres driver adapter (no native query engine needed), over a
// pool it owns and ends on $disconnect. The pool is also reachable for the rare hot query that is
// worth writing by hand (the session check of every API call).
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool } from "pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

const pools = new WeakMap<PrismaClient, Pool>();

/**
 * How long a transaction may wait for a connection, and last. A user's requests queue on their
 * balance row (each spend or refund locks it until it commits), so on a busy server one may wait
 * behind the others for seconds: past Prisma's defaults (2 s, 5 s) a valid request would fail with a
 * 500. Each transaction's own work is a few statements.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 30_000 };

export function createPrismaClient(databaseUrl: string, poolSize = 10): PrismaClient {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  const client = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), transactionOptions: TRANSACTION_OPTIONS });
  pools.set(client, pool);
  return client;
}

/** The client's node-postgres pool while it is open; null once the client has disconnected. */
export function poolOf(client: PrismaClient): Pool | null {
  const pool = pools.get(client);
  return pool && !pool.ending && !pool.ended ? pool : null;
}

export type { PrismaClient };
