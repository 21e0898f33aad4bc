// The console's overview of the business over a period (today, the last 7 or 30 UTC days, each ending
// now): sign-ups, active accounts, operations by kind and outcome with their queue and run times,
// credits, revenue, paying subscriptions by plan, and the same per UTC day. Each figure is one SQL
// aggregate that reads only its period's entries of one index (createdAt first, or kind then createdAt),
// so the page stays fast with millions of rows (npm run bench:admin holds every one under 200 ms).
//
// What the figures mean:
// - active users: distinct accounts that asked for at least one operation in the period (guests and
//   sign-ins without work are not counted: an operation is what an account is active for).
// - failureRate: failed / (succeeded + failed) among operations asked for in the period; canceled ones
//   are the caller's choice and queued or running ones have no outcome yet. 0 when none finished.
// - timings: per kind, queue wait = startedAt − createdAt (operations that started), run =
//   completedAt − startedAt (operations that started and ended), 50th and 95th percentiles in ms.
// - credits: spent = credits taken by operations (spend rows); refunded = credits given back for them
//   (refund rows); granted = credits given free: grant rows (trial and monthly free credits), an
//   operator's positive adjustments, and the credits of a plan an operator granted (nobody paid for
//   them, as the credits metric counts them). An operator's deduction (a negative adjustment) is neither
//   spent nor granted: it is not usage. Credits bought (paid plans, packs) are revenue, not grants.
// - revenue: what customers actually paid. A subscription row (one per paid invoice) or a purchase row
//   (one per paid pack) keeps the amount its payment charged and its currency (paidCents, paidCurrency:
//   Stripe's amount_paid or amount_received, after discounts, tax and proration; the sandbox's plan price).
//   Rows written before payments recorded an amount (paidCents null) are valued, as they were then, at
//   the price of the plan named in `operation` today. Payments of every provider are counted, the
//   sandbox's included, so a development or preview install shows its test payments; a plan an operator
//   granted (its grant's key starts subscription:operator:) was paid by nobody and is not. Amounts in
//   different currencies are never added: the figures are in the currency with the most revenue in the
//   period, per day and in total.
// - subscriptionsByPlan: every subscription plan with the subscriptions now active or past due (paying
//   or retrying a payment), whatever the period; plans an operator granted are not counted.
import "server-only";
import { db } from "@/lib/db";
import type { OverviewFigures, OverviewRange } from "@/lib/validation/admin";

const DAY_MS = 86_400_000;
const DAYS_BEFORE_TODAY: Record<OverviewRange, number> = { today: 0, "7d": 6, "30d": 29 };

export interface Period {
  range: OverviewRange;
  from: Date;
  to: Date;
  /** Every UTC day of the period, oldest first, as YYYY-MM-DD. */
  days: string[];
}

export function overviewPeriod(range: OverviewRange, now = new Date()): Period {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const from = new Date(today - DAYS_BEFORE_TODAY[range] * DAY_MS);
  const days = Array.from({ length: DAYS_BEFORE_TODAY[range] + 1 }, (_, index) => new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10));
  return { range, from, to: now, days };
}

// Columns are timestamp without time zone holding UTC; the bounds are given as UTC instants.
const bounds = ({ from, to }: Period) => [from.toISOString(), to.toISOString()] as const;

/** Sign-ups per UTC day. */
export async function signupsByDay(period: Period): Promise<Map<string, number>> {
  const [from, to] = bounds(period);
  const rows = await db.$queryRaw<Array<{ day: string; count: number }>>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, count FROM (
      SELECT date_trunc('day', "createdAt") AS day, count(*)::int AS count
      FROM "users"
      WHERE "createdAt" >= (${from}::timestamptz AT TIME ZONE 'UTC') AND "createdAt" < (${to}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY 1
    ) AS days`;
  return new Map(rows.map((row) => [row.day, row.count]));
}

/** Accounts with at least one operation in the period. */
export async function activeUsers(period: Period): Promise<number> {
  const [from, to] = bounds(period);
  // DISTINCT in a subquery lets PostgreSQL hash the ids; count(DISTINCT …) would sort them.
  const [row] = await db.$queryRaw<Array<{ count: number }>>`
    SELECT count(*)::int AS count FROM (
      SELECT DISTINCT "userId"
      FROM "operations"
      WHERE "createdAt" >= (${from}::timestamptz AT TIME ZONE 'UTC') AND "createdAt" < (${to}::timestamptz AT TIME ZONE 'UTC')
        AND "userId" IS NOT NULL
    ) AS active`;
  return row?.count ?? 0;
}

interface OperationGroup {
  day: string;
  kind: string;
  status: string;
  count: number;
}

/** Operations asked for in the period, by UTC day, kind and status: one pass for the counts, the failures and the days. */
export async function operationsByDayKindAndStatus(period: Period): Promise<OperationGroup[]> {
  const [from, to] = bounds(period);
  return db.$queryRaw<OperationGroup[]>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, kind::text AS kind, status::text AS status, count FROM (
      SELECT date_trunc('day', "createdAt") AS day, "kind" AS kind, "status" AS status, count(*)::int AS count
      FROM "operations"
      WHERE "createdAt" >= (${from}::timestamptz AT TIME ZONE 'UTC') AND "createdAt" < (${to}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY 1, 2, 3
    ) AS groups`;
}

/** The day groups summed by kind and status, in kind then status order. */
function byKindAndStatus(groups: OperationGroup[]): OverviewFigures["operations"] {
  const counts = new Map<string, { kind: string; status: string; count: number }>();
  for (const group of groups) {
    const key = `${group.kind}\u0000${group.status}`;
    const row = counts.get(key) ?? { kind: group.kind, status: group.status, count: 0 };
    row.count += group.count;
    counts.set(key, row);
  }
  return [...counts.values()].sort((a, b) => a.kind.localeCompare(b.kind) || a.status.localeCompare(b.status));
}

/**
 * Queue wait and run time per kind, 50th and 95th percentiles in milliseconds: one aggregate per kind
 * over operations_kind_createdAt_startedAt_completedAt_idx alone, each sorting only its kind's times.
 */
export async function timingsByKind(period: Period): Promise<OverviewFigures["timings"]> {
  const [from, to] = bounds(period);
  const rows = await db.$queryRaw<Array<{ kind: string; wait: number[] | null; run: number[] | null }>>`
    SELECT k.kind::text AS kind, t.wait, t.run
    FROM unnest(enum_range(NULL::"OperationKind")) AS k(kind)
    CROSS JOIN LATERAL (
      SELECT count(*) AS operations,
             percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY date_part('epoch', "startedAt" - "createdAt"))
               FILTER (WHERE "startedAt" IS NOT NULL) AS wait,
             percentile_cont(ARRAY[0.5, 0.95]) WITHIN GROUP (ORDER BY date_part('epoch', "completedAt" - "startedAt"))
               FILTER (WHERE "startedAt" IS NOT NULL AND "completedAt" IS NOT NULL) AS run
      FROM "operations" o
      WHERE o."kind" = k.kind
        AND o."createdAt" >= (${from}::timestamptz AT TIME ZONE 'UTC') AND o."createdAt" < (${to}::timestamptz AT TIME ZONE 'UTC')
    ) AS t
    WHERE t.operations > 0
    ORDER BY 1`;
  // Seconds from date_part, to whole milliseconds.
  const ms = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : Math.round(Number(seconds) * 1000));
  return rows.map((row) => ({
    kind: row.kind,
    queueWaitP50Ms: ms(row.wait?.[0]),
    queueWaitP95Ms: ms(row.wait?.[1]),
    runP50Ms: ms(row.run?.[0]),
    runP95Ms: ms(row.run?.[1]),
  }));
}

interface CreditsDay {
  spent: number;
  granted: number;
  refunded: number;
}

/** Credits spent, granted and refunded per UTC day (see the header for what each counts). */
export async function creditsByDay(period: Period): Promise<Map<string, CreditsDay>> {
  const [from, to] = bounds(period);
  const rows = await db.$queryRaw<Array<{ day: string; spent: number; granted: number; refunded: number }>>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, spent, granted, refunded FROM (
      SELECT date_trunc('day', "createdAt") AS day,
             coalesce(sum(-"delta") FILTER (WHERE "kind" = 'spend'), 0)::int AS spent,
             coalesce(sum("delta") FILTER (WHERE "kind" = 'grant' OR ("kind" = 'adjustment' AND "delta" > 0)
                                               OR ("kind" = 'subscription' AND "idempotencyKey" LIKE 'subscription:operator:%')), 0)::int AS granted,
             coalesce(sum("delta") FILTER (WHERE "kind" = 'refund'), 0)::int AS refunded
      FROM "credit_transactions"
      WHERE "kind" IN ('spend', 'grant', 'refund', 'adjustment', 'subscription')
        AND "createdAt" >= (${from}::timestamptz AT TIME ZONE 'UTC') AND "createdAt" < (${to}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY 1
    ) AS days`;
  return new Map(rows.map((row) => [row.day, { spent: row.spent, granted: row.granted, refunded: row.refunded }]));
}

interface RevenueDay {
  day: string;
  currency: string;
  invoicesCents: number;
  packsCents: number;
}

/**
 * Paid invoices (subscription rows) and packs (purchase rows) at the amount each payment charged, per
 * UTC day and currency; a row from before amounts were recorded at its plan's price (see the header).
 */
export async function revenueByDay(period: Period): Promise<RevenueDay[]> {
  const [from, to] = bounds(period);
  // Sums are bigint (a busy day can pass an integer's 2^31 cents); exact as JS numbers below 2^53.
  const rows = await db.$queryRaw<Array<Omit<RevenueDay, "invoicesCents" | "packsCents"> & { invoicesCents: bigint; packsCents: bigint }>>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, currency, "invoicesCents", "packsCents" FROM (
      SELECT date_trunc('day', t."createdAt") AS day,
             lower(coalesce(t."paidCurrency", p."currency")) AS currency,
             coalesce(sum(coalesce(t."paidCents", p."priceCents")) FILTER (WHERE t."kind" = 'subscription'), 0)::bigint AS "invoicesCents",
             coalesce(sum(coalesce(t."paidCents", p."priceCents")) FILTER (WHERE t."kind" = 'purchase'), 0)::bigint AS "packsCents"
      FROM "credit_transactions" t
      LEFT JOIN "plans" p ON t."paidCents" IS NULL AND p."id" = t."operation"
      WHERE t."kind" IN ('subscription', 'purchase')
        AND t."idempotencyKey" NOT LIKE 'subscription:operator:%'
        AND (t."paidCents" IS NOT NULL OR p."id" IS NOT NULL)
        AND t."createdAt" >= (${from}::timestamptz AT TIME ZONE 'UTC') AND t."createdAt" < (${to}::timestamptz AT TIME ZONE 'UTC')
      GROUP BY 1, 2
    ) AS days`;
  return rows.map((row) => ({ ...row, invoicesCents: Number(row.invoicesCents), packsCents: Number(row.packsCents) }));
}

/** Every subscription plan with its paid subscriptions now active or past due (the provider as text: a database migrated before operator grants has no such value). */
export async function subscriptionsByPlan(): Promise<OverviewFigures["subscriptionsByPlan"]> {
  return db.$queryRaw<OverviewFigures["subscriptionsByPlan"]>`
    SELECT p."id" AS "planId", p."name" AS "planName", count(s."id")::int AS count
    FROM "plans" p
    LEFT JOIN "subscriptions" s ON s."planId" = p."id" AND s."status" IN ('active', 'past_due') AND s."provider"::text <> 'operator'
    WHERE p."kind" = 'subscription'
    GROUP BY p."id", p."name", p."sortOrder"
    ORDER BY p."sortOrder", p."id"`;
}

const DEFAULT_CURRENCY = "usd";

/** The currency with the most revenue in the period (the plans' default when there was none). */
function mainCurrency(revenue: RevenueDay[]): string {
  const totals = new Map<string, number>();
  for (const row of revenue) totals.set(row.currency, (totals.get(row.currency) ?? 0) + row.invoicesCents + row.packsCents);
  return [...totals].sort((a, b) => b[1] - a[1])[0]?.[0] ?? DEFAULT_CURRENCY;
}

const sum = (values: Iterable<number>) => [...values].reduce((total, value) => total + value, 0);

export async function overview(range: OverviewRange, now = new Date()): Promise<OverviewFigures> {
  const period = overviewPeriod(range, now);
  const [signups, active, groups, timings, credits, revenue, plans] = await Promise.all([
    signupsByDay(period),
    activeUsers(period),
    operationsByDayKindAndStatus(period),
    timingsByKind(period),
    creditsByDay(period),
    revenueByDay(period),
    subscriptionsByPlan(),
  ]);
  const operations = byKindAndStatus(groups);
  const onDay = (day: string, status?: string) =>
    sum(groups.filter((group) => group.day === day && (status === undefined || group.status === status)).map((group) => group.count));
  const count = (status: string) => sum(operations.filter((row) => row.status === status).map((row) => row.count));
  const finished = count("succeeded") + count("failed");
  const currency = mainCurrency(revenue);
  const paid = revenue.filter((row) => row.currency === currency);
  const creditDays = [...credits.values()];
  return {
    range,
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    signups: sum(signups.values()),
    activeUsers: active,
    operations,
    failureRate: finished ? count("failed") / finished : 0,
    timings,
    credits: {
      spent: sum(creditDays.map((day) => day.spent)),
      granted: sum(creditDays.map((day) => day.granted)),
      refunded: sum(creditDays.map((day) => day.refunded)),
    },
    revenue: { invoicesCents: sum(paid.map((row) => row.invoicesCents)), packsCents: sum(paid.map((row) => row.packsCents)), currency },
    subscriptionsByPlan: plans,
    daily: period.days.map((day) => ({
      day,
      signups: signups.get(day) ?? 0,
      operations: onDay(day),
      failed: onDay(day, "failed"),
      creditsSpent: credits.get(day)?.spent ?? 0,
      revenueCents: sum(paid.filter((row) => row.day === day).map((row) => row.invoicesCents + row.packsCents)),
    })),
  };
}
