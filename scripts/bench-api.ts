// npm run bench:api — a light signed-in API call (GET /api/credits/balance) against the framework's
// floor: a bare Next.js route handler answering the same JSON, built in a scratch folder with the same
// Next and started the same way, measured in the same run with autocannon (-c 64 -d 10 by default).
// Both get BENCH_WARMUP seconds of the same load first (8 by default), then BENCH_ROUNDS rounds each
// (5 by default), alternating. Prints requests per second and latency for both and the ratios; exits 1 under the goals: over the
// rounds, a median throughput of at least 0.8× the bare route's and a median p99 within 1.2× of its
// (each round's ratio taken against the bare route's round beside it). MEASURE_SKIP_BUILD=1 reuses
// the app's build.
// Then the same call through `npm start` (server.ts) twice, with Prometheus metrics on (METRICS_PORT)
// and off, BENCH_METRICS_ROUNDS rounds each (BENCH_ROUNDS by default; 0 skips them), alternating: it
// prints the throughput and p99 with metrics on as a ratio of those without (goal ≥ 0.95×), for
// information only.
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
const METRICS_ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? ROUNDS);
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

/** `npm start` (server.ts) on `port`, with its metrics on `metricsPort` or with metrics off. */
async function startNpmStart(port: number, metricsPort: number | null): Promise<ChildProcess> {
  const env = {
    ...measureEnv(),
    PORT: String(port),
    HOST: "127.0.0.1",
    METRICS_PORT: metricsPort === null ? "" : String(metricsPort),
    METRICS_HOST: "127.0.0.1",
  };
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { cwd: ROOT, env, stdio: "ignore" });
  await waitForServer(`http://127.0.0.1:${port}/api/health`);
  return server;
}

/** The balance call with metrics on and off, in alternating rounds: what recording and timing each request costs. */
async function metricsOverhead(cookie: string): Promise<void> {
  if (METRICS_ROUNDS <= 0) return;
  const metricsPort = PORT + 4;
  const off = await startNpmStart(PORT + 2, null);
  const on = await startNpmStart(PORT + 3, metricsPort);
  const offUrl = `http://127.0.0.1:${PORT + 2}/api/credits/balance`;
  const onUrl = `http://127.0.0.1:${PORT + 3}/api/credits/balance`;
  try {
    await load(offUrl, { cookie }, WARMUP);
    await load(onUrl, { cookie }, WARMUP);
    const offRuns: Figures[] = [];
    const onRuns: Figures[] = [];
    for (let round = 0; round < METRICS_ROUNDS; round += 1) {
      offRuns.push(await load(offUrl, { cookie }));
      onRuns.push(await load(onUrl, { cookie }));
    }
    const counted = (await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).includes('route="/api/credits/balance"');
    console.log(`
npm start with metrics off and on (METRICS_PORT), ${METRICS_ROUNDS} round(s) each, alternating
`);
    offRuns.forEach((figures, index) => {
      console.log(row(`metrics off, round ${index + 1}`, figures));
      console.log(row(`metrics on, round ${index + 1}`, onRuns[index]!));
    });
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const throughput = median(onRuns.map((figures, index) => figures.requestsPerSecond / offRuns[index]!.requestsPerSecond));
    const p99 = median(onRuns.map((figures, index) => figures.p99 / offRuns[index]!.p99));
    console.log(
      `with metrics on: throughput ${throughput.toFixed(2)}× (median of the rounds, goal ≥ 0.95), p99 ${p99.toFixed(2)}× of metrics off${counted ? "" : " — but /metrics did not count the calls"}`,
    );
  } finally {
    off.kill();
    on.kill();
  }
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
  await metricsOverhead(cookie);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
