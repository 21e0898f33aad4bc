// An operation as GET /api/operations/{id} answers it: its view (state, progress, result or error)
// with its recipe. Webhook deliveries carry exactly this shape as data.operation, from here too.
import "server-only";
import type { Operation, StoredFile } from "@/lib/generated/prisma/client";
import { operationRecipe } from "./recipe";
import { viewOperation } from "./view";

export async function operationResource(operation: Operation & { resultFile?: StoredFile | null }) {
  return { ...(await viewOperation(operation)), recipe: await operationRecipe(operation) };
}
export type OperationResource = Awaited<ReturnType<typeof operationResource>>;
