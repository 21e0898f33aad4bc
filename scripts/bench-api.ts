// npm run bench:api — a light signed-in API call (GET /api/credits/balance) against the framework's
// floor: a bare Next.js route handler answering the same JSON, built in a scratch folder with the same
// Next and started the same way, measured in the same run with autocannon (-c 64 -d 10 by default).
// Both get BENCH_WARMUP seconds of the same load first (8 by default), then BENCH_ROUNDS rounds each
// (5 by default), alternating. Prints requests per second and latency for both and the ratios; exits 1 under the goals: over the
// rounds, a median throughput of at least 0.8× the bare route's and a median p99 within 1.2× of its
// (each round's ratio taken against the bare route's round beside it). MEASURE_SKIP_BUILD=1 reuses
// the app's build.
// Run with the react-server condition so the app's server-only session module loads here.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { BASE_URL, buildOnce, measureEnv, PORT, ROOT, startServer, waitForServer } from "./measure/server";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** Seconds of load each server gets before the rounds, so that both run compiled code, not first-run code. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 8);
const BARE_PORT = PORT + 1;
const BARE_DIR = path.join(ROOT, ".bench", "bare-next");
const NEXT_BIN = require.resolve("next/dist/bin/next");

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** A Next app with one route handler answering the balance call's JSON, and nothing else. */
function buildBareApp(): void {
  rmSync(BARE_DIR, { recursive: true, force: true });
  mkdirSync(path.join(BARE_DIR, "app", "api", "credits", "balance"), { recursive: true });
  writeFileSync(path.join(BARE_DIR, "package.json"), JSON.stringify({ name: "bare-next", private: true }));
  writeFileSync(path.join(BARE_DIR, "next.config.mjs"), "export default {};\n");
  writeFileSync(
    path.join(BARE_DIR, "app", "api", "credits", "balance", "route.js"),
    'export const dynamic = "force-dynamic";\nexport function GET() {\n  return Response.json({ credits: 60 });\n}\n',
  );
  const build = spawnSync(process.execPath, [NEXT_BIN, "build", BARE_DIR], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  if (build.status !== 0) throw new Error("Building the bare Next app failed");
}

async function startBareApp(): Promise<ChildProcess> {
  const server = spawn(process.execPath, [NEXT_BIN, "start", BARE_DIR, "-p", String(BARE_PORT)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "ignore",
  });
  await waitForServer(`http://localhost:${BARE_PORT}/api/credits/balance`);
  return server;
}

/** A user with credits and a session cookie for them, made the way the app makes its own. */
async function signedInCookie(): Promise<string> {
  Object.assign(process.env, measureEnv());
  const { prepareDatabase } = await import("../lib/db/prepare");
  await prepareDatabase(process.env.DATABASE_URL!);
  const { createPrismaClient } = await import("../lib/db/create-client");
  const { createSessionCookie, SESSION_MAX_AGE_SECONDS } = await import("../lib/auth/session");
  const db = createPrismaClient(process.env.DATABASE_URL!);
  try {
    const email = "bench-api@example.com";
    const user = await db.user.upsert({ where: { email }, create: { email, firstName: "Bench", lastName: "Api", tier: "trial", credits: 60 }, update: {} });
    const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
    const session = await db.authSession.upsert({
      where: { id: `bench-${user.id}` },
      create: { id: `bench-${user.id}`, userId: user.id, method: "password", expiresAt },
      update: { expiresAt },
    });
    const cookie = await createSessionCookie({ id: user.id, email, name: "Bench Api" }, session.id);
    return `${cookie.name}=${cookie.value}`;
  } finally {
    await db.$disconnect();
  }
}

async function load(url: string, headers: Record<string, string>, duration = DURATION): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const row = (name: string, figures: Figures) =>
  `${name.padEnd(34)}| ${figures.requestsPerSecond.toFixed(0).padStart(7)} | ${figures.p50.toFixed(0).padStart(7)} | ${figures.p99.toFixed(0).padStart(7)} | ${String(figures.errors).padStart(6)}`;

async function main(): Promise<void> {
  // The database first: the session cookie's format depends on the environment the app runs with.
  const cookie = await signedInCookie();
  buildOnce();
  buildBareApp();
  const app = await startServer();
  const bare = await startBareApp();
  const appUrl = `${BASE_URL}/api/credits/balance`;
  const bareUrl = `http://localhost:${BARE_PORT}/api/credits/balance`;
  try {
    const check = await fetch(appUrl, { headers: { cookie } });
    if (!check.ok) throw new Error(`The balance call answered ${check.status}: ${await check.text()}`);
    console.log(`Signed-in balance call answers ${JSON.stringify(await check.json())}; bare route answers ${await (await fetch(bareUrl)).text()}`);
    // Warm both (JIT, connection pools) before measuring: the app has far more code than the bare
    // route for the JIT to compile, and two seconds left its first rounds running half of it cold.
    await load(appUrl, { cookie }, WARMUP);
    await load(bareUrl, {}, WARMUP);
    const appRuns: Figures[] = [];
    const bareRuns: Figures[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRuns.push(await load(bareUrl, {}));
      appRuns.push(await load(appUrl, { cookie }));
    }
    console.log(`\nautocannon -c ${CONNECTIONS} -d ${DURATION}, ${ROUNDS} round(s) each, alternating\n`);
    console.log("run                               |   req/s | p50 ms  | p99 ms  | errors");
    console.log("----------------------------------|---------|---------|---------|-------");
    appRuns.forEach((figures, index) => {
      console.log(row(`bare Next route handler, round ${index + 1}`, bareRuns[index]!));
      console.log(row(`GET /api/credits/balance, round ${index + 1}`, figures));
    });
    const best = (runs: Figures[]) => runs.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const appBest = best(appRuns);
    const bareBest = best(bareRuns);
    const throughput = appBest.requestsPerSecond / bareBest.requestsPerSecond;
    const p99 = appBest.p99 / bareBest.p99;
    const roundThroughput = appRuns.map((figures, index) => figures.requestsPerSecond / bareRuns[index]!.requestsPerSecond);
    const roundP99 = appRuns.map((figures, index) => figures.p99 / bareRuns[index]!.p99);
    console.log(`\nbest round of each: throughput ${throughput.toFixed(2)}× the bare route's, p99 ${p99.toFixed(2)}×`);
    console.log(
      `round by round: throughput ${roundThroughput.map((ratio) => ratio.toFixed(2)).join(", ")}× (median ${median(roundThroughput).toFixed(2)}, goal ≥ 0.8), p99 ${roundP99.map((ratio) => ratio.toFixed(2)).join(", ")}× (median ${median(roundP99).toFixed(2)}, goal ≤ 1.2)`,
    );
    if (median(roundThroughput) < 0.8 || median(roundP99) > 1.2 || appRuns.some((figures) => figures.errors > 0)) process.exitCode = 1;
  } finally {
    app.kill();
    bare.kill();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
