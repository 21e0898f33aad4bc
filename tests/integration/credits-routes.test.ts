import { GET as balance } from "@/app/api/credits/balance/route";
import { POST as reset } from "@/app/api/credits/reset/route";
import { GET as status } from "@/app/api/credits/status/route";
import { GET as transactions } from "@/app/api/credits/transactions/route";
import { refundSpend } from "@/lib/credits/refund";
import { spendCredits } from "@/lib/credits/spend";
import { db } from "@/lib/db";
import { apiRequest, signedInUser } from "./helpers";

describe("credit calls", () => {
  it("GET /api/credits/balance answers the signed-in balance and 401 for a guest", async () => {
    const { cookie } = await signedInUser({ credits: 42 });
    const response = await balance(apiRequest("GET", "/api/credits/balance", { cookie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ credits: 42 });
    const guest = await balance(apiRequest("GET", "/api/credits/balance"));
    expect(guest.status).toBe(401);
  });

  it("GET /api/credits/status reports tier, credits and what they allow; guests are free with 0", async () => {
    const { cookie } = await signedInUser({ credits: 2, tier: "essential" });
    expect(await (await status(apiRequest("GET", "/api/credits/status", { cookie }))).json()).toEqual({
      tier: "essential",
      credits: 2,
      canGenerate: true,
      canEdit: false,
    });
    expect(await (await status(apiRequest("GET", "/api/credits/status"))).json()).toEqual({
      tier: "free",
      credits: 0,
      canGenerate: false,
      canEdit: false,
    });
  });

  it("GET /api/credits/transactions lists the user's own ledger newest first, a page at a time", async () => {
    const { user, cookie } = await signedInUser({ credits: 60 });
    const spend = await spendCredits({ userId: user.id, operation: "generate", idempotencyKey: `list:${user.id}:1` });
    await refundSpend(spend.transactionId, "Refunded: failed");
    await spendCredits({ userId: user.id, operation: "edit", idempotencyKey: `list:${user.id}:2` });
    const other = await signedInUser();
    await spendCredits({ userId: other.user.id, operation: "generate", idempotencyKey: `list:${other.user.id}` });

    const first = await transactions(apiRequest("GET", "/api/credits/transactions?limit=2", { cookie }));
    expect(first.status).toBe(200);
    const page1 = await first.json();
    expect(
      page1.transactions.map((row: { kind: string; operation: string; delta: number; balanceAfter: number }) => [
        row.kind,
        row.operation,
        row.delta,
        row.balanceAfter,
      ]),
    ).toEqual([
      ["spend", "edit", -3, 57],
      ["refund", "generate", 2, 60],
    ]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const second = await (await transactions(apiRequest("GET", `/api/credits/transactions?limit=2&cursor=${page1.nextCursor}`, { cookie }))).json();
    expect(second.transactions.map((row: { kind: string; delta: number }) => [row.kind, row.delta])).toEqual([
      ["spend", -2],
      ["grant", 60],
    ]);
    expect(second.nextCursor).toBeNull();

    const foreignCursor = (await db.creditTransaction.findFirstOrThrow({ where: { userId: other.user.id } })).id;
    const foreign = await (await transactions(apiRequest("GET", `/api/credits/transactions?cursor=${foreignCursor}`, { cookie }))).json();
    expect(foreign.transactions).toEqual([]);
    expect((await transactions(apiRequest("GET", "/api/credits/transactions?limit=500", { cookie }))).status).toBe(400);
    expect((await transactions(apiRequest("GET", "/api/credits/transactions"))).status).toBe(401);
  });

  it("POST /api/credits/reset signals a guest to zero its credits and grants a signed-in user nothing", async () => {
    const guest = await reset(apiRequest("POST", "/api/credits/reset"));
    expect(await guest.json()).toEqual({ message: "Guest credit reset signal sent" });
    const { user, cookie } = await signedInUser({ credits: 15 });
    const before = await db.creditTransaction.count({ where: { userId: user.id } });
    const signedIn = await reset(apiRequest("POST", "/api/credits/reset", { cookie }));
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).message).not.toMatch(/signal sent/);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(15);
    expect(await db.creditTransaction.count({ where: { userId: user.id } })).toBe(before);
  });
});
