// An operator's credit adjustment: one `adjustment` ledger row and one audit row with the reason, the
// balance equal to the last ledger row and never below zero, and ten clicks with one Idempotency-Key
// adjusting once.
import { randomUUID } from "node:crypto";
import { adjustCredits } from "@/lib/admin/credits";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { signedInUser } from "./helpers";

const REASON = "Refund for a failed cartoon, ticket 4711";

async function lastLedgerRow(userId: string) {
  return db.creditTransaction.findFirstOrThrow({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("credit adjustments", () => {
  it("grants and deducts with a ledger row of its own kind and an audit row, the balance equal to the last row", async () => {
    const { user: admin } = await signedInUser();
    const { user } = await signedInUser({ credits: 10 });
    const granted = await adjustCredits({
      actor: { id: admin.id },
      userId: user.id,
      delta: 25,
      reason: REASON,
      idempotencyKey: randomUUID(),
      address: "203.0.113.5",
    });
    expect(granted).toMatchObject({ balance: 35, replayed: false });
    const deducted = await adjustCredits({
      actor: { id: admin.id },
      userId: user.id,
      delta: -5,
      reason: "Duplicate grant taken back",
      idempotencyKey: randomUUID(),
    });
    expect(deducted.balance).toBe(30);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(30);
    const last = await lastLedgerRow(user.id);
    expect([last.kind, last.delta, last.balanceAfter, last.note]).toEqual(["adjustment", -5, 30, "Duplicate grant taken back"]);
    const audit = await db.auditLog.findMany({ where: { targetType: "user", targetId: user.id, action: "credits.adjust" }, orderBy: { id: "asc" } });
    expect(audit.map((row) => [row.actorType, row.actorId, row.reason, row.before, row.address])).toEqual([
      ["admin", admin.id, REASON, { credits: 10 }, "203.0.113.5"],
      ["admin", admin.id, "Duplicate grant taken back", { credits: 35 }, null],
    ]);
    expect(audit[0]!.after).toEqual({ credits: 35, delta: 25, transactionId: granted.transactionId });
  });

  it("never takes a balance below zero, even with two deductions at once", async () => {
    const { user: admin } = await signedInUser();
    const { user } = await signedInUser({ credits: 10 });
    expect(await refusal(adjustCredits({ actor: { id: admin.id }, userId: user.id, delta: -11, reason: REASON, idempotencyKey: randomUUID() }))).toEqual({
      status: 409,
      code: "balance_below_zero",
      message: "The account has 10 credits; taking 11 would leave it below zero.",
    });
    const outcomes = await Promise.allSettled(
      [0, 1].map(() => adjustCredits({ actor: { id: admin.id }, userId: user.id, delta: -6, reason: REASON, idempotencyKey: randomUUID() })),
    );
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(4);
    expect((await lastLedgerRow(user.id)).balanceAfter).toBe(4);
  });

  it("adjusts once for ten clicks with one Idempotency-Key, and refuses the key for another adjustment", async () => {
    const { user: admin } = await signedInUser();
    const { user } = await signedInUser({ credits: 0 });
    const key = randomUUID();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => adjustCredits({ actor: { id: admin.id }, userId: user.id, delta: 25, reason: REASON, idempotencyKey: key })),
    );
    expect(new Set(outcomes.map((outcome) => outcome.transactionId)).size).toBe(1);
    expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
    expect(outcomes.every((outcome) => outcome.balance === 25)).toBe(true);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(25);
    expect(await db.creditTransaction.count({ where: { userId: user.id, kind: "adjustment" } })).toBe(1);
    expect(await db.auditLog.count({ where: { targetId: user.id, action: "credits.adjust" } })).toBe(1);
    expect((await refusal(adjustCredits({ actor: { id: admin.id }, userId: user.id, delta: 30, reason: REASON, idempotencyKey: key }))).status).toBe(409);
  });

  it("refuses a short reason, a zero or huge amount, and an unknown account with a clear 4xx", async () => {
    const { user: admin } = await signedInUser();
    const { user } = await signedInUser();
    const adjust = (delta: number, reason = REASON, userId = user.id) =>
      refusal(adjustCredits({ actor: { id: admin.id }, userId, delta, reason, idempotencyKey: randomUUID() }));
    expect(await adjust(5, "too short")).toMatchObject({ status: 400, code: "reason_too_short" });
    expect(await adjust(0)).toMatchObject({ status: 400, code: "invalid_adjustment" });
    expect(await adjust(1.5)).toMatchObject({ status: 400, code: "invalid_adjustment" });
    expect(await adjust(1_000_000)).toMatchObject({ status: 400, code: "invalid_adjustment" });
    expect(await adjust(5, REASON, "no-such-user")).toMatchObject({ status: 404, code: "user_not_found" });
    expect(await db.auditLog.count({ where: { targetId: user.id } })).toBe(0);
  });
});
