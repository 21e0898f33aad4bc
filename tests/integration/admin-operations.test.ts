// The console's operation list: newest first, filtered by status, kind, provider, account (id or
// e-mail address) and period, a page at a time with a cursor that neither repeats nor skips a row; each
// row with its owner's address, times, error and whether its charge was refunded. Bad filters are a 400.
import { GET as listCall } from "@/app/api/admin/operations/route";
import { db } from "@/lib/db";
import type { OperationKind, OperationStatus } from "@/lib/generated/prisma/client";
import type { AdminOperationRow } from "@/lib/validation/admin";
import { adminSession } from "./admin-helpers";
import { apiRequest, signedInUser } from "./helpers";

type Row = AdminOperationRow;
interface Page {
  items: Row[];
  nextCursor: string | null;
}

// Noon of a day of its own in the past for each run, so that rows of earlier runs never match a filter without an account.
const DAY_MS = 86_400_000;
const BASE = Date.UTC(1990, 0, 1) + Math.floor(Math.random() * 10_000) * DAY_MS + DAY_MS / 2;
const day = (offset: number) => new Date(BASE - DAY_MS / 2 + offset * DAY_MS).toISOString().slice(0, 10);
const minute = (count: number) => new Date(BASE + count * 60_000);

describe("the console's operation list", () => {
  let cookie: string;
  let owner: { id: string; email: string };
  let other: { id: string; email: string };
  const ids: Record<string, string> = {};

  const list = async (query: string, as = cookie) => listCall(apiRequest("GET", `/api/admin/operations?${query}`, { cookie: as }));
  const page = async (query: string) => {
    const response = await list(query);
    expect(response.status).toBe(200);
    return (await response.json()) as Page;
  };

  beforeAll(async () => {
    ({ cookie } = await adminSession());
    owner = (await signedInUser()).user;
    other = (await signedInUser()).user;
    const make = async (
      name: string,
      userId: string,
      kind: OperationKind,
      status: OperationStatus,
      at: number,
      extra: { provider?: string; spend?: boolean; refunded?: boolean; errorCode?: string; repeatOf?: string } = {},
    ) => {
      const spend = extra.spend
        ? await db.creditTransaction.create({ data: { userId, kind: "spend", delta: -2, balanceAfter: 58, idempotencyKey: `ops-list-${name}-${userId}` } })
        : null;
      if (spend && extra.refunded) {
        await db.creditTransaction.create({
          data: { userId, kind: "refund", delta: 2, balanceAfter: 60, idempotencyKey: `refund:${spend.id}`, refundOfId: spend.id },
        });
      }
      const createdAt = minute(at);
      const operation = await db.operation.create({
        data: {
          userId,
          kind,
          status,
          provider: extra.provider ?? "local",
          createdAt,
          startedAt: new Date(createdAt.getTime() + 1500),
          completedAt: status === "running" ? null : new Date(createdAt.getTime() + 1500 + 4000),
          attempts: status === "failed" ? 2 : 1,
          errorCode: extra.errorCode ?? null,
          error: extra.errorCode ? "The provider did not answer in time." : null,
          spendTransactionId: spend?.id ?? null,
          repeatOfId: extra.repeatOf ? ids[extra.repeatOf] : null,
        },
      });
      ids[name] = operation.id;
    };
    await make("first", owner.id, "generate", "succeeded", 0, { spend: true });
    await make("failed", owner.id, "generate", "failed", 1, { spend: true, refunded: true, errorCode: "provider_timeout", provider: "flux" });
    await make("again", owner.id, "generate", "succeeded", 2, { repeatOf: "first", spend: true });
    await make("upscale", owner.id, "upscale", "running", 3, { provider: "flux" });
    await make("convert", owner.id, "convert", "succeeded", 4);
    await make("others", other.id, "generate", "failed", 5, { errorCode: "moderated" });
  });

  it("lists an account's operations newest first with their times, error, repeat and refund", async () => {
    const { items, nextCursor } = await page(`userId=${owner.id}`);
    expect(items.map((row) => row.id)).toEqual([ids.convert, ids.upscale, ids.again, ids.failed, ids.first]);
    expect(nextCursor).toBeNull();
    expect(items[3]).toEqual({
      id: ids.failed,
      userId: owner.id,
      userEmail: owner.email,
      kind: "generate",
      status: "failed",
      provider: "flux",
      errorCode: "provider_timeout",
      errorMessage: "The provider did not answer in time.",
      attempts: 2,
      createdAt: minute(1).toISOString(),
      startedAt: new Date(minute(1).getTime() + 1500).toISOString(),
      completedAt: new Date(minute(1).getTime() + 5500).toISOString(),
      queueWaitMs: 1500,
      runMs: 4000,
      repeatOfId: null,
      refunded: true,
    });
    expect(items[1]).toMatchObject({ status: "running", completedAt: null, runMs: null, queueWaitMs: 1500 });
    expect(items[2]).toMatchObject({ repeatOfId: ids.first, refunded: false });
    expect(items[4]).toMatchObject({ refunded: false });
  });

  it("filters by status, kind, provider, e-mail address and period", async () => {
    const found = async (query: string) => (await page(query)).items.map((row) => row.id);
    expect(await found(`userId=${owner.id}&status=failed`)).toEqual([ids.failed]);
    expect(await found(`userId=${owner.id}&kind=generate`)).toEqual([ids.again, ids.failed, ids.first]);
    expect(await found(`userId=${owner.id}&provider=flux`)).toEqual([ids.upscale, ids.failed]);
    expect(await found(`email=${encodeURIComponent(owner.email.toUpperCase())}&kind=upscale`)).toEqual([ids.upscale]);
    expect(await found(`email=${encodeURIComponent(owner.email)}&userId=${other.id}`)).toEqual([]);
    expect(await found("email=nobody-at-all%40example.com")).toEqual([]);
    // from is inclusive, to exclusive.
    const period = `from=${encodeURIComponent(minute(1).toISOString())}&to=${encodeURIComponent(minute(3).toISOString())}`;
    expect(await found(`userId=${owner.id}&${period}`)).toEqual([ids.again, ids.failed]);
    expect(await found(`status=failed&kind=generate&${period}`)).toEqual([ids.failed]);
    expect(await found(`status=failed&from=${day(0)}&to=${day(1)}`)).toEqual([ids.others, ids.failed]);
  });

  it("pages with a cursor, without repeating or skipping a row, also between equal times", async () => {
    // Two more at the very same moment as "first": the id decides their order.
    for (const suffix of ["a", "b"]) {
      const twin = await db.operation.create({ data: { userId: owner.id, kind: "edit", status: "succeeded", provider: "local", createdAt: minute(0) } });
      ids[`twin-${suffix}`] = twin.id;
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: Page = await page(`userId=${owner.id}&limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(result.items.length).toBeLessThanOrEqual(2);
      seen.push(...result.items.map((row) => row.id));
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    const all = (await page(`userId=${owner.id}&limit=100`)).items.map((row) => row.id);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(7);
  });

  it("lists every account's operations newest first when not filtered", async () => {
    const { items } = await page("limit=100");
    const times = items.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(items.length).toBeGreaterThan(0);
  });

  it("answers bad filters with a 400 that says what is wrong, and hides itself from a plain user", async () => {
    const refusal = async (query: string) => {
      const response = await list(query);
      return [response.status, ((await response.json()) as { message: string }).message];
    };
    expect(await refusal("status=done")).toEqual([400, expect.stringContaining("The status must be one of queued, running")]);
    expect(await refusal("kind=painting")).toEqual([400, expect.stringContaining("The kind must be one of")]);
    expect(await refusal("limit=0")).toEqual([400, "The limit must be a whole number from 1 to 100."]);
    expect(await refusal("limit=101")).toEqual([400, "The limit must be a whole number from 1 to 100."]);
    expect(await refusal("limit=ten")).toEqual([400, "The limit must be a whole number from 1 to 100."]);
    expect(await refusal("from=yesterday")).toEqual([400, "from must be a date like 2026-11-28 or a time like 2026-11-28T12:00:00Z."]);
    expect(await refusal("from=2026-02-31")).toEqual([400, "from is not a real date."]);
    expect(await refusal("from=2026-06-02&to=2026-06-01")).toEqual([400, "from must be before to."]);
    expect(await refusal("cursor=not-a-cursor")).toEqual([400, "That cursor is not one this list gave."]);
    const { cookie: userCookie } = await signedInUser();
    expect((await list("", userCookie)).status).toBe(404);
  });
});
