// "Run again at no charge": an operator runs a failed or canceled operation once more for its owner,
// from its recipe (lib/imaging/repeat.ts: same provider, prompt, settings, stored inputs and seed), as
// a new operation that names the old one (repeatOfId), costs nothing (no spend row) and is queued for
// the workers like any other; its audit row is written in the new operation's own transaction. Only
// while the inputs are still stored, and never for a suspended or deleted owner.
import "server-only";
import { recordAudit } from "@/lib/audit/log";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { recipeRequest, storedInputsOf } from "@/lib/imaging/repeat";
import { startImageOperation } from "@/lib/imaging/operations";
import { checkedReason } from "./reason";

export interface OperationRerun {
  actor: { id: string };
  operationId: string;
  reason: string;
  address: string | null;
}

export interface RerunOutcome {
  operationId: string;
  repeatOf: string;
  userId: string;
  cost: 0;
  message: string;
}

const RERUNNABLE = new Set(["failed", "canceled"]);

export async function rerunOperation(request: OperationRerun): Promise<RerunOutcome> {
  const reason = checkedReason(request.reason);
  const original = await db.operation.findUnique({
    where: { id: request.operationId },
    include: { inputs: { orderBy: { position: "asc" }, include: { file: true } }, user: true },
  });
  if (!original) throw new NotFoundError("No such operation.", "operation_not_found");
  if (!RERUNNABLE.has(original.status)) {
    throw new ConflictError(`Only a failed or canceled operation can be run again; this one is ${original.status}.`, "not_rerunnable");
  }
  const owner = original.user;
  if (!owner) throw new ConflictError("This operation was a guest's: there is no account to run it again for.", "no_owner");
  if (owner.deletedAt) throw new ConflictError("The owner's account is deleted; nothing can be run for it.", "owner_deleted");
  if (owner.suspendedAt) throw new ConflictError("The owner's account is suspended; lift the suspension before running anything for it.", "owner_suspended");
  if (original.kind === "segment") throw new ConflictError("A selection cannot be run again: it is made tap by tap with the photo in hand.", "not_rerunnable");
  if (!storedInputsOf(original)) {
    throw new ConflictError("The images this operation was made from are no longer stored, so it cannot be run again.", "inputs_expired");
  }
  const operationId = await startImageOperation({ ...recipeRequest(original), userId: owner.id, charge: null }, async (tx, [operation]) => {
    await recordAudit(tx, {
      actor: { type: "admin", id: request.actor.id },
      action: "operation.rerun",
      target: { type: "operation", id: original.id },
      reason,
      before: { status: original.status, userId: owner.id },
      after: { operationId: operation!.id, cost: 0, userId: owner.id },
      address: request.address,
    });
  });
  return { operationId, repeatOf: original.id, userId: owner.id, cost: 0, message: "The operation runs again at no charge." };
}
