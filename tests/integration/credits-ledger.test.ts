import { runCharged } from "@/lib/credits/charge";
import { InsufficientCreditsError } from "@/lib/credits/errors";
import { refundSpend } from "@/lib/credits/refund";
import { spendCredits } from "@/lib/credits/spend";
import { db } from "@/lib/db";
import { signedInUser } from "./helpers";

const ledgerOf = (userId: string) => db.creditTransaction.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
const balanceOf = async (userId: string) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).credits;

describe("the credit ledger", () => {
  it("lets exactly 5 of 50 concurrent 2-credit spends through on a balance of 10", async () => {
    const { user } = await signedInUser({ credits: 10 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) => spendCredits({ userId: user.id, operation: "generate", idempotencyKey: `race:${user.id}:${index}` })),
    );
    const succeeded = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter((result) => result.status === "rejected");
    expect(succeeded).toHaveLength(5);
    expect(refused).toHaveLength(45);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientCreditsError);
    expect(await balanceOf(user.id)).toBe(0);
    const spends = await db.creditTransaction.findMany({ where: { userId: user.id, kind: "spend", operation: "generate" } });
    expect(spends).toHaveLength(5);
    expect(spends.map((row) => row.balanceAfter).sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8]);
  });

  it("refuses a spend larger than the balance with the spec's message and writes nothing", async () => {
    const { user } = await signedInUser({ credits: 2 });
    const before = await ledgerOf(user.id);
    await expect(spendCredits({ userId: user.id, operation: "edit", idempotencyKey: `short:${user.id}` })).rejects.toMatchObject({
      status: 402,
      code: "insufficient_credits",
      message: "Insufficient credits. You need 3 credits but only have 2.",
    });
    expect(await balanceOf(user.id)).toBe(2);
    expect(await ledgerOf(user.id)).toEqual(before);
  });

  it("charges a repeated idempotency key once, even when the repeats race", async () => {
    const { user } = await signedInUser({ credits: 20 });
    const key = `same:${user.id}`;
    const spends = await Promise.all(Array.from({ length: 5 }, () => spendCredits({ userId: user.id, operation: "cartoon_style", idempotencyKey: key })));
    expect(new Set(spends.map((spend) => spend.transactionId)).size).toBe(1);
    expect(await balanceOf(user.id)).toBe(17);
  });

  it("refunds a spend once, even when the refund is called twice or races itself", async () => {
    const { user } = await signedInUser({ credits: 10 });
    const first = await spendCredits({ userId: user.id, operation: "edit", idempotencyKey: `r1:${user.id}` });
    expect(await balanceOf(user.id)).toBe(7);
    expect(await refundSpend(first.transactionId, "provider failed")).toEqual({ refunded: true, balance: 10 });
    expect(await refundSpend(first.transactionId, "provider failed")).toEqual({ refunded: false, balance: 10 });

    const second = await spendCredits({ userId: user.id, operation: "edit", idempotencyKey: `r2:${user.id}` });
    const raced = await Promise.all(Array.from({ length: 6 }, () => refundSpend(second.transactionId)));
    expect(raced.filter((result) => result.refunded)).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(10);

    const refunds = await db.creditTransaction.findMany({ where: { userId: user.id, kind: "refund" } });
    expect(refunds.map((row) => [row.refundOfId, row.delta])).toEqual(
      expect.arrayContaining([
        [first.transactionId, 3],
        [second.transactionId, 3],
      ]),
    );
    expect(refunds).toHaveLength(2);
  });

  it("runs paid work after charging and refunds it when the work fails", async () => {
    const { user } = await signedInUser({ credits: 5 });
    await expect(runCharged({ userId: user.id, operation: "background_removal", idempotencyKey: `ok:${user.id}` }, async () => "done")).resolves.toBe("done");
    expect(await balanceOf(user.id)).toBe(4);
    await expect(
      runCharged({ userId: user.id, operation: "cartoon_style", idempotencyKey: `fail:${user.id}` }, async (spend) => {
        expect(await balanceOf(user.id)).toBe(4 - spend.cost);
        throw new Error("The provider timed out");
      }),
    ).rejects.toThrow("The provider timed out");
    expect(await balanceOf(user.id)).toBe(4);
    const last = (await ledgerOf(user.id)).at(-1)!;
    expect(last).toMatchObject({ kind: "refund", delta: 3, balanceAfter: 4, note: "Refunded: The provider timed out" });
  });

  it("keeps every balance equal to the sum of its ledger", async () => {
    const { user } = await signedInUser({ credits: 9 });
    const spend = await spendCredits({ userId: user.id, operation: "generate", idempotencyKey: `sum:${user.id}` });
    await refundSpend(spend.transactionId);
    await spendCredits({ userId: user.id, operation: "object_removal", idempotencyKey: `sum2:${user.id}` });
    const rows = await ledgerOf(user.id);
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(await balanceOf(user.id));
    expect(rows.at(-1)!.balanceAfter).toBe(8);
  });
});
