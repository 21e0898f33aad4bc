// The one Prisma client of the app, shared across hot reloads in development.
import "server-only";
import { createPrismaClient, type PrismaClient } from "@/lib/db/create-client";
import { env } from "@/lib/env";

const globalForPrisma = globalThis as unknown as { pictura_prisma?: PrismaClient };

export const db: PrismaClient = globalForPrisma.pictura_prisma ?? createPrismaClient(env().DATABASE_URL);

if (process.env.NODE_ENV !== "production") globalForPrisma.pictura_prisma = db;

export { Prisma } from "@/lib/generated/prisma/client";
