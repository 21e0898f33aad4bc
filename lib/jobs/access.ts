// Who may follow or cancel an operation: its owner; a guest's conversion, the browser that asked (its
// guest key, lib/auth/guest-key.ts), as its files are; one from before guest keys, the address that asked.
import "server-only";
import { NotFoundError } from "@/lib/errors";
import type { Operation, User } from "@/lib/generated/prisma/client";
import { readOperation, type OperationWithFile } from "./wait";

const ID_PATTERN = /^[a-z0-9]{20,40}$/;

/** The guest caller an operation is matched against: their address and their browser's guest key hash. */
export interface GuestCaller {
  readonly ip: string;
  readonly guestKeyHash: string | null;
}

function isGuestsOwn(operation: Pick<Operation, "guestAddress" | "params">, caller: GuestCaller): boolean {
  const keyHash = (operation.params as { guestKeyHash?: unknown } | null)?.guestKeyHash;
  if (typeof keyHash === "string") return caller.guestKeyHash !== null && keyHash === caller.guestKeyHash;
  return operation.guestAddress === caller.ip;
}

/** The operation, when `user` (or, for a guest's, the browser `caller` that asked for it) may see it; else not found. */
export async function findViewableOperation(operationId: string, user: User | null, caller: GuestCaller): Promise<OperationWithFile> {
  const operation = ID_PATTERN.test(operationId) ? await readOperation(operationId) : null;
  const mine = operation && (operation.userId !== null ? operation.userId === user?.id : isGuestsOwn(operation, caller));
  if (!operation || !mine) throw new NotFoundError("This operation was not found.", "operation_not_found");
  return operation;
}
