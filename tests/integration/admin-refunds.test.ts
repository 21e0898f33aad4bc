// An operator's refund of one operation is exactly once: ten clicks at once, with the sweeper failing
// and refunding the same stuck operation beside them, give one refund row and one audit row; the
// balance stays equal to the last ledger row; a second refund says it was refunded already.
import { refundOperation } from "@/lib/admin/refunds";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { sweepStuckOperations } from "@/lib/jobs/sweeper";
import { signedInUser } from "./helpers";
import { balanceOf, ledgerKinds, ledgerMatchesBalance } from "./imaging-helpers";

const REASON = "Customer wrote: the cartoon failed, ticket 4711";

describe("an operator's refund of one operation", () => {
  it("refunds once for ten clicks with the sweeper racing, and says so after", async () => {
    const { user: admin } = await signedInUser();
    const { user } = await signedInUser();
    const operation = await enqueueOperation({
      userId: user.id,
      kind: "cartoon_style",
      charge: "cartoon_style",
      providerId: "local",
      prompt: null,
      params: {},
    });
    // Stuck past its deadline: the sweeper will fail and refund it too.
    await db.operation.update({ where: { id: operation.id }, data: { deadlineAt: new Date(Date.now() - 1000) } });
    const [, ...clicks] = await Promise.all([
      sweepStuckOperations(),
      ...Array.from({ length: 10 }, () => refundOperation({ actor: { id: admin.id }, operationId: operation.id, reason: REASON })),
    ]);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-3", "refund:3"]);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
    expect(await balanceOf(user.id)).toBe(60);
    const refundedByOperator = clicks.filter((click) => click.refunded).length;
    const audit = await db.auditLog.count({ where: { targetType: "operation", targetId: operation.id, action: "operation.refund" } });
    // One refund in all: by an operator (with its audit row) or by the sweeper (with none).
    expect(refundedByOperator).toBeLessThanOrEqual(1);
    expect(audit).toBe(refundedByOperator);
    const again = await refundOperation({ actor: { id: admin.id }, operationId: operation.id, reason: REASON });
    expect(again).toEqual({ refunded: false, balance: 60, message: "This operation's credits were refunded already; nothing changed." });
  });

  it("refunds a finished operation with its reason in the ledger and the audit log", async () => {
    const { user: admin } = await signedInUser();
    const { user } = await signedInUser();
    const operation = await enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "a fox", params: {} });
    await db.operation.update({ where: { id: operation.id }, data: { status: "succeeded", completedAt: new Date() } });
    const outcome = await refundOperation({ actor: { id: admin.id }, operationId: operation.id, reason: REASON, address: "203.0.113.9" });
    expect(outcome).toEqual({ refunded: true, balance: 60, message: "The operation's credits were refunded." });
    const refund = await db.creditTransaction.findFirstOrThrow({ where: { userId: user.id, kind: "refund" } });
    expect([refund.refundOfId, refund.note]).toEqual([operation.spendTransactionId, REASON]);
    const [row] = await db.auditLog.findMany({ where: { targetType: "operation", targetId: operation.id } });
    expect(row).toMatchObject({
      actorType: "admin",
      actorId: admin.id,
      reason: REASON,
      address: "203.0.113.9",
      after: { refunded: true, userId: user.id, credits: 60 },
    });
  });

  it("refuses a short reason, an unknown operation and a free one with a clear 4xx", async () => {
    const { user: admin } = await signedInUser();
    const { user } = await signedInUser();
    const free = await enqueueOperation({ userId: user.id, kind: "convert", charge: null, providerId: "local", prompt: null, params: { format: "png" } });
    const refusal = async (operationId: string, reason = REASON) => {
      try {
        await refundOperation({ actor: { id: admin.id }, operationId, reason });
      } catch (error) {
        if (error instanceof DomainError) return [error.status, error.code];
        throw error;
      }
      return "not refused";
    };
    expect(await refusal(free.id, "short")).toEqual([400, "reason_too_short"]);
    expect(await refusal("no-such-operation")).toEqual([404, "operation_not_found"]);
    expect(await refusal(free.id)).toEqual([409, "nothing_to_refund"]);
  });
});
