// Who may follow or cancel an operation: its owner; a guest's conversion, the address that asked.
import "server-only";
import { NotFoundError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { readOperation, type OperationWithFile } from "./wait";

const ID_PATTERN = /^[a-z0-9]{20,40}$/;

/** The operation, when `user` (or, for a guest's, the client at `clientAddress`) may see it; else not found. */
export async function findViewableOperation(operationId: string, user: User | null, clientAddress: string): Promise<OperationWithFile> {
  const operation = ID_PATTERN.test(operationId) ? await readOperation(operationId) : null;
  const mine = operation && (operation.userId !== null ? operation.userId === user?.id : operation.guestAddress === clientAddress);
  if (!operation || !mine) throw new NotFoundError("This operation was not found.", "operation_not_found");
  return operation;
}
