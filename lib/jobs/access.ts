// Who may follow or cancel an operation: its owner; a guest's conversion, the address that asked.
import "server-only";
import { clientIp } from "@/lib/auth/client-ip";
import { NotFoundError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { readOperation, type OperationWithFile } from "./wait";

const ID_PATTERN = /^[a-z0-9]{20,40}$/;

export async function findViewableOperation(operationId: string, user: User | null, request: Request): Promise<OperationWithFile> {
  const operation = ID_PATTERN.test(operationId) ? await readOperation(operationId) : null;
  const mine = operation && (operation.userId !== null ? operation.userId === user?.id : operation.guestAddress === clientIp(request));
  if (!operation || !mine) throw new NotFoundError("This operation was not found.", "operation_not_found");
  return operation;
}
