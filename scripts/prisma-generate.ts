// Generates the Prisma client. `prisma generate` never runs the schema engine, but the CLI looks
// for one at start and would try to download it; pointing it at any executable avoids that where
// Prisma's binary host is unreachable, and changes nothing where it is reachable.
import { spawnSync } from "node:child_process";

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
const result = spawnSync("prisma", ["generate"], { stdio: "inherit", env, shell: process.platform === "win32" });
process.exit(result.status ?? 1);
