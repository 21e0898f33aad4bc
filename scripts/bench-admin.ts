// npm run bench:admin — are the console's figures and searches fast on a big install? On a database of
// its own (BENCH_ADMIN_DATABASE_URL, default pictura_bench_admin, dropped and made again on every run,
// migrated like any other), it writes 100,000 accounts, 1,000,000 operations with their ledger rows,
// subscriptions, paid invoices and packs with what each charged, and 200,000 audit rows
// (scripts/bench/admin-seed.ts), then times the very functions the console's routes call: every
// overview figure for each range, the account search (lib/admin/users.ts), the operation list's filters
// and the audit log's. Each runs once to warm up, then BENCH_RUNS times (5 by default); it prints the
// medians and exits 1 when one is over 200 ms.
// BENCH_ADMIN_SKIP_SEED=1 times the database the last run left, without making it again.
// Run with the react-server condition so the app's server-only modules load here.
import { Client } from "pg";
import { median, recreateBenchDatabase } from "./bench/database";
import { SEED, seedConsoleData } from "./bench/admin-seed";

const DATABASE_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pictura_bench_admin";
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BUDGET_MS = 200;

interface Timed {
  name: string;
  medianMs: number;
  maxMs: number;
  rows: string;
}

const describe = (result: unknown): string => {
  if (Array.isArray(result)) return `${result.length} rows`;
  if (result instanceof Map) return `${result.size} days`;
  if (typeof result === "number") return String(result);
  if (result && typeof result === "object" && "items" in result && Array.isArray(result.items)) return `${result.items.length} rows`;
  return "";
};

async function time(name: string, call: () => Promise<unknown>): Promise<Timed> {
  const result = await call();
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return { name, medianMs: median(times), maxMs: Math.max(...times), rows: describe(result) };
}

async function main(): Promise<void> {
  process.env.DATABASE_URL = DATABASE_URL;
  if (process.env.BENCH_ADMIN_SKIP_SEED !== "1") {
    const started = performance.now();
    await recreateBenchDatabase(DATABASE_URL, "BENCH_ADMIN_DATABASE_URL");
    console.log(`Seeding ${DATABASE_URL} (${SEED.users.toLocaleString("en")} accounts, ${SEED.operations.toLocaleString("en")} operations):`);
    const client = new Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await seedConsoleData(client, (line) => console.log(line));
    } finally {
      await client.end();
    }
    console.log(`Database ready in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
  }

  // Loaded only now: the app's database client reads DATABASE_URL on first use.
  const overview = await import("../lib/admin/overview");
  const { searchUsers } = await import("../lib/admin/users");
  const { searchOperations } = await import("../lib/admin/operations");
  const { searchAudit } = await import("../lib/admin/audit");
  const { operationSearchSchema, auditSearchSchema } = await import("../lib/validation/admin");
  const { db } = await import("../lib/db");

  const results: Timed[] = [];
  const measure = async (name: string, call: () => Promise<unknown>) => {
    const timed = await time(name, call);
    results.push(timed);
    console.log(`${timed.name.padEnd(52)} ${timed.medianMs.toFixed(1).padStart(8)} ms  (max ${timed.maxMs.toFixed(1)}, ${timed.rows})`);
  };

  for (const range of ["today", "7d", "30d"] as const) {
    const period = overview.overviewPeriod(range);
    await measure(`overview ${range}: sign-ups by day`, () => overview.signupsByDay(period));
    await measure(`overview ${range}: active users`, () => overview.activeUsers(period));
    await measure(`overview ${range}: operations by day, kind and status`, () => overview.operationsByDayKindAndStatus(period));
    await measure(`overview ${range}: timings by kind`, () => overview.timingsByKind(period));
    await measure(`overview ${range}: credits by day`, () => overview.creditsByDay(period));
    await measure(`overview ${range}: revenue by day`, () => overview.revenueByDay(period));
    await measure(`overview ${range}: the whole call (figures at once)`, () => overview.overview(range));
  }
  await measure("overview: subscriptions by plan", () => overview.subscriptionsByPlan());

  await measure("users: e-mail prefix (user4242)", () => searchUsers("user4242"));
  await measure("users: short e-mail prefix (user1, ~11k match)", () => searchUsers("user1"));
  await measure("users: account id", () => searchUsers("bu77777"));
  await measure("users: Stripe customer id", () => searchUsers("cus_bench99999"));

  const operations = (query: Record<string, string>) => () => searchOperations(operationSearchSchema.parse(query));
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const twoMonthsAgo = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  await measure("operations: newest, no filter", operations({}));
  const firstPage = await searchOperations(operationSearchSchema.parse({}));
  await measure("operations: second page (cursor)", operations({ cursor: firstPage.nextCursor ?? "" }));
  await measure("operations: status=failed", operations({ status: "failed" }));
  await measure("operations: kind=upscale", operations({ kind: "upscale" }));
  await measure("operations: provider=openai", operations({ provider: "openai" }));
  await measure("operations: status=canceled&kind=expand", operations({ status: "canceled", kind: "expand" }));
  await measure("operations: userId", operations({ userId: "bu4242" }));
  await measure("operations: email", operations({ email: "user4242@bench.example" }));
  await measure("operations: from–to (a month, two months ago)", operations({ from: twoMonthsAgo, to: monthAgo }));
  await measure("operations: kind + from–to", operations({ kind: "generate", from: twoMonthsAgo, to: monthAgo }));

  const audit = (query: Record<string, string>) => () => searchAudit(auditSearchSchema.parse(query));
  await measure("audit: newest, no filter", audit({}));
  await measure("audit: actor (id)", audit({ actor: "bu7" }));
  await measure("audit: actor (e-mail)", audit({ actor: "user7@bench.example" }));
  await measure("audit: action=operation.refund", audit({ action: "operation.refund" }));
  await measure("audit: target", audit({ target: "bu4242" }));
  await measure("audit: from–to", audit({ from: twoMonthsAgo, to: monthAgo }));
  await measure("audit: action + from–to", audit({ action: "user.suspend", from: twoMonthsAgo, to: monthAgo }));
  await db.$disconnect();

  const slow = results.filter((result) => result.medianMs > BUDGET_MS);
  console.log(
    `\n${results.length} queries, median of ${RUNS} runs each; slowest ${Math.max(...results.map((result) => result.medianMs)).toFixed(1)} ms (budget ${BUDGET_MS} ms).`,
  );
  if (slow.length) {
    console.log(`Over budget: ${slow.map((result) => result.name).join("; ")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
