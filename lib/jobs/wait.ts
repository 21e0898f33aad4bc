// Waiting for an operation to change or end, woken by its notifications and re-reading the row at
// least every two seconds in case one was missed.
import "server-only";
import { db } from "@/lib/db";
import { onOperationChange } from "./events";

const RECHECK_MS = 2000;

export type OperationWithFile = NonNullable<Awaited<ReturnType<typeof readOperation>>>;

export function readOperation(operationId: string) {
  return db.operation.findUnique({ where: { id: operationId }, include: { resultFile: true } });
}

/**
 * Calls `visit` with the operation now and after every change, until `visit` returns true, the
 * deadline passes or `signal` aborts. Returns the last operation read.
 */
export async function watchOperation(
  operationId: string,
  visit: (operation: OperationWithFile) => boolean | Promise<boolean>,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<OperationWithFile | null> {
  const deadline = Date.now() + options.timeoutMs;
  let changed = false;
  let wake: () => void = () => undefined;
  const unsubscribe = await onOperationChange(operationId, () => {
    changed = true;
    wake();
  });
  const onAbort = () => wake();
  options.signal?.addEventListener("abort", onAbort);
  try {
    for (;;) {
      changed = false;
      const operation = await readOperation(operationId);
      if (!operation || (await visit(operation))) return operation;
      const remaining = deadline - Date.now();
      if (remaining <= 0 || options.signal?.aborted) return operation;
      if (!changed) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(remaining, RECHECK_MS));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  } finally {
    wake = () => undefined;
    options.signal?.removeEventListener("abort", onAbort);
    unsubscribe();
  }
}
