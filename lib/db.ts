// The one Prisma client of the app, shared across hot reloads in development.
import "server-only";
import { createPrismaClient, poolOf, type PrismaClient } from "@/lib/db/create-client";
import { env, isProduction } from "@/lib/env";

const globalForPrisma = globalThis as unknown as { pictura_prisma?: PrismaClient };

export const db: PrismaClient = globalForPrisma.pictura_prisma ?? createPrismaClient(env().DATABASE_URL, env().DATABASE_POOL_SIZE);

if (!isProduction()) globalForPrisma.pictura_prisma = db;

export { Prisma } from "@/lib/generated/prisma/client";

/** The node-postgres pool under `db`, for a hand-written hot query; null when it has been closed. */
export const sqlPool = () => poolOf(db);
