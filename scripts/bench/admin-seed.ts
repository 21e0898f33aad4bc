// The console benchmark's data (npm run bench:admin): a year of a busy Pictura written with set-based
// SQL (INSERT … SELECT over generate_series), so a million operations take seconds, not an hour.
// Foreign-key triggers are off while it writes (session_replication_role = replica): every row points
// at one written before it, and the database is the benchmark's own.
import type { Client } from "pg";

export const SEED = {
  users: 100_000,
  operations: 1_000_000,
  subscriptions: 20_000,
  invoices: 40_000,
  packs: 15_000,
  grantedPlans: 1_000,
  adjustments: 5_000,
  audit: 200_000,
  /** The first accounts are the admins who acted in the audit log. */
  admins: 20,
};

/**
 * Row `g` of `count` is written at its share of the year before now, give or take a few minutes: rows
 * arrive in time order, as a live table's do (so its pages follow createdAt, as in production).
 */
const spread = (g: string, count: number) => `now() - interval '365 days' * (1 - ${g}::float8 / ${count}) - random() * interval '5 minutes'`;

/** Rows are spread over the year before now, evenly, like a business at a steady pace. */
const STATEMENTS: Array<[string, string]> = [
  [
    "users",
    `INSERT INTO "users" ("id", "email", "firstName", "lastName", "tier", "credits", "stripeCustomerId", "role", "createdAt", "updatedAt")
     SELECT 'bu' || g, 'user' || g || '@bench.example', 'Bench', 'User ' || g,
            (ARRAY['trial', 'free', 'essential', 'pro']::"Tier"[])[1 + g % 4], 60,
            CASE WHEN g % 3 = 0 THEN 'cus_bench' || g END,
            (CASE WHEN g <= ${SEED.admins} THEN 'admin' ELSE 'user' END)::"UserRole",
            ${spread("g", SEED.users)}, now()
     FROM generate_series(1, ${SEED.users}) g`,
  ],
  [
    "operations",
    `INSERT INTO "operations" ("id", "userId", "kind", "provider", "status", "cost", "spendTransactionId", "errorCode", "error",
                               "attempts", "createdAt", "startedAt", "completedAt", "updatedAt", "progress", "repeatOfId")
     SELECT 'bo' || g, owner, kind, provider, status, cost,
            CASE WHEN owner IS NOT NULL AND cost > 0 THEN 'bs' || g END,
            CASE WHEN status = 'failed' THEN (ARRAY['provider_timeout', 'provider_error', 'moderated'])[1 + g % 3] END,
            CASE WHEN status = 'failed' THEN 'The provider did not answer in time.' END,
            CASE WHEN status = 'queued' THEN 0 WHEN g % 20 = 0 THEN 2 ELSE 1 END,
            created,
            CASE WHEN status <> 'queued' THEN created + wait * interval '8 seconds' END,
            CASE WHEN status IN ('succeeded', 'failed', 'canceled') THEN created + wait * interval '8 seconds' + run * interval '25 seconds' END,
            now(), CASE WHEN status = 'succeeded' THEN 100 ELSE 0 END,
            CASE WHEN g % 50 = 0 AND g > 1 THEN 'bo' || (g - 1) END
     FROM (
       SELECT g, r, created, random() AS wait, random() AS run,
              CASE WHEN g % 33 = 0 THEN NULL ELSE 'bu' || (1 + (g::bigint * 7919) % ${SEED.users}) END AS owner,
              (enum_range(NULL::"OperationKind"))[1 + g % 11] AS kind,
              (ARRAY['local', 'flux', 'openai'])[1 + (g / 11) % 3] AS provider,
              (CASE WHEN r < 0.90 THEN 'succeeded' WHEN r < 0.96 THEN 'failed' WHEN r < 0.98 THEN 'canceled'
                    WHEN created > now() - interval '1 hour' THEN 'running' ELSE 'failed' END)::"OperationStatus" AS status,
              CASE WHEN g % 11 = 5 THEN 0 ELSE 1 + g % 3 END AS cost
       FROM (SELECT g, random() AS r, ${spread("g", SEED.operations)} AS created FROM generate_series(1, ${SEED.operations}) g) AS base
     ) AS shaped`,
  ],
  [
    "ledger: spends",
    `INSERT INTO "credit_transactions" ("id", "userId", "kind", "operation", "delta", "balanceAfter", "idempotencyKey", "createdAt")
     SELECT "spendTransactionId", "userId", 'spend', "kind"::text, -"cost", 0, 'bench-spend:' || "id", "createdAt"
     FROM "operations" WHERE "spendTransactionId" IS NOT NULL`,
  ],
  [
    "ledger: refunds",
    `INSERT INTO "credit_transactions" ("id", "userId", "kind", "operation", "delta", "balanceAfter", "idempotencyKey", "refundOfId", "createdAt")
     SELECT 'br' || "id", "userId", 'refund', "kind"::text, "cost", 0, 'refund:' || "spendTransactionId", "spendTransactionId", "completedAt"
     FROM "operations" WHERE "status" = 'failed' AND "spendTransactionId" IS NOT NULL`,
  ],
  [
    "ledger: grants",
    `INSERT INTO "credit_transactions" ("id", "userId", "kind", "delta", "balanceAfter", "idempotencyKey", "createdAt")
     SELECT 'bg' || "id", "id", 'grant', 60, 60, 'bench-grant:' || "id", "createdAt" FROM "users"`,
  ],
  [
    "ledger: adjustments",
    `INSERT INTO "credit_transactions" ("id", "userId", "kind", "delta", "balanceAfter", "idempotencyKey", "note", "createdAt")
     SELECT 'ba' || g, 'bu' || (1 + (g * 31) % ${SEED.users}), 'adjustment', CASE WHEN g % 4 = 0 THEN -5 ELSE 10 END, 0,
            'bench-adjust:' || g, 'Goodwill after a ticket', ${spread("g", SEED.adjustments)}
     FROM generate_series(1, ${SEED.adjustments}) g`,
  ],
  [
    // What each payment charged: the list price, a tenth with a coupon (half off), one in 25 in euros,
    // and one in 10 written before amounts were kept (null: the overview values it at its plan's price).
    "ledger: paid invoices and packs",
    `INSERT INTO "credit_transactions" ("id", "userId", "kind", "operation", "delta", "balanceAfter", "idempotencyKey", "paidCents", "paidCurrency", "createdAt")
     SELECT id, "userId", kind, operation, 60, 0, key,
            CASE WHEN NOT legacy THEN CASE WHEN g % 10 = 3 THEN price / 2 ELSE price END END,
            CASE WHEN NOT legacy THEN CASE WHEN g % 25 = 7 THEN 'eur' ELSE 'usd' END END,
            created
     FROM (
       SELECT g, 'bp' || g AS id, 'bu' || (1 + (g * 13) % ${SEED.users}) AS "userId",
              (CASE WHEN g <= ${SEED.invoices} THEN 'subscription' ELSE 'purchase' END)::"LedgerKind" AS kind,
              CASE WHEN g > ${SEED.invoices} THEN 'pro_credit_pack' WHEN g % 3 = 0 THEN 'pro' ELSE 'essential' END AS operation,
              CASE WHEN g > ${SEED.invoices} THEN 299 WHEN g % 3 = 0 THEN 999 ELSE 699 END AS price,
              CASE WHEN g <= ${SEED.invoices} THEN 'subscription:stripe:in_bench' || g ELSE 'pack:stripe:pi_bench' || g END AS key,
              g % 10 = 0 AS legacy,
              ${spread("g", SEED.invoices + SEED.packs)} AS created
       FROM generate_series(1, ${SEED.invoices + SEED.packs}) g
     ) AS payments`,
  ],
  [
    "ledger: plans granted by operators",
    `INSERT INTO "credit_transactions" ("id", "userId", "kind", "operation", "delta", "balanceAfter", "idempotencyKey", "createdAt")
     SELECT 'bq' || g, 'bu' || (1 + (g * 29) % ${SEED.users}), 'subscription', 'pro', 175, 0, 'subscription:operator:grant_bench' || g,
            ${spread("g", SEED.grantedPlans)}
     FROM generate_series(1, ${SEED.grantedPlans}) g`,
  ],
  [
    "subscriptions",
    `INSERT INTO "subscriptions" ("id", "userId", "planId", "provider", "providerSubscriptionId", "status", "currentPeriodEnd", "createdAt", "updatedAt")
     SELECT 'bsub' || g, 'bu' || (1 + (g * 5) % ${SEED.users}), CASE WHEN g % 3 = 0 THEN 'pro' ELSE 'essential' END, 'stripe',
            'sub_bench' || g,
            (CASE WHEN g % 10 < 7 THEN 'active' WHEN g % 10 < 9 THEN 'canceled' ELSE 'past_due' END)::"SubscriptionStatus",
            now() + interval '20 days', ${spread("g", SEED.subscriptions)}, now()
     FROM generate_series(1, ${SEED.subscriptions}) g`,
  ],
  [
    "audit log",
    `INSERT INTO "audit_log" ("createdAt", "actorType", "actorId", "action", "targetType", "targetId", "reason", "before", "after", "address")
     SELECT ${spread("g", SEED.audit)}, 'admin', 'bu' || (1 + g % ${SEED.admins}),
            (ARRAY['credits.adjust', 'operation.refund', 'user.suspend', 'user.unsuspend', 'admin.grant', 'admin.revoke'])[1 + g % 6],
            CASE WHEN g % 6 = 1 THEN 'operation' ELSE 'user' END,
            CASE WHEN g % 6 = 1 THEN 'bo' || (1 + (g * 17) % ${SEED.operations}) ELSE 'bu' || (1 + (g * 17) % ${SEED.users}) END,
            'Support ticket ' || g, jsonb_build_object('credits', g % 100), jsonb_build_object('credits', g % 100 + 10), '203.0.113.' || (g % 250)
     FROM generate_series(1, ${SEED.audit}) g`,
  ],
];

const BULK_TABLES = ["users", "operations", "credit_transactions", "audit_log"];

/** The secondary indexes of the big tables, as their definitions, to build once after loading rather than row by row. */
async function secondaryIndexes(client: Client): Promise<Array<{ name: string; definition: string }>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
     WHERE t.relname = ANY($1) AND NOT i.indisprimary AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [BULK_TABLES],
  );
  return rows;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * Writes every table with the big tables' secondary indexes set aside, builds those indexes again
 * from their own definitions (the database ends with exactly the migrations' indexes), then VACUUM
 * ANALYZE, as autovacuum would have by then.
 */
export async function seedConsoleData(client: Client, log: (line: string) => void): Promise<void> {
  const indexes = await secondaryIndexes(client);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  await client.query("SET session_replication_role = replica");
  for (const [name, sql] of STATEMENTS) {
    const started = performance.now();
    const result = await client.query(sql);
    log(`  ${name.padEnd(34)} ${String(result.rowCount).padStart(9)} rows  ${seconds(started)}`);
  }
  await client.query("SET session_replication_role = DEFAULT");
  let started = performance.now();
  await client.query("SET maintenance_work_mem = '256MB'");
  for (const index of indexes) await client.query(index.definition);
  log(`  ${`${indexes.length} indexes built`.padEnd(34)} ${"".padStart(9)}       ${seconds(started)}`);
  started = performance.now();
  await client.query("VACUUM ANALYZE");
  log(`  ${"VACUUM ANALYZE".padEnd(34)} ${"".padStart(9)}       ${seconds(started)}`);
}
