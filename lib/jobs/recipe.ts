// An operation's recipe, as `GET /api/operations/{id}` gives it: kind, provider, model, seed, prompt,
// parameters and the hash of each input, and, for an input that was an earlier result, the recipe of
// the operation that made it, back to the first step (at most RECIPE_DEPTH steps).
import "server-only";
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { Operation, User } from "@/lib/generated/prisma/client";
import { findVisibleFile } from "@/lib/storage/files";
import type { Recipe } from "@/lib/validation/operations";

export const RECIPE_DEPTH = 12;

function parametersOf(operation: Operation): Record<string, unknown> {
  const params = operation.params;
  if (!params || typeof params !== "object" || Array.isArray(params)) return {};
  // The stored files' ids are how the worker finds them, the recipe names inputs by their hashes; a
  // guest's key hash is how the worker knows whose the result is.
  return Object.fromEntries(Object.entries(params).filter(([name]) => name !== "inputFileIds" && name !== "guestKeyHash"));
}

async function recipeOf(operation: Operation, depth: number, seen: Set<string>): Promise<Recipe> {
  seen.add(operation.id);
  const now = new Date();
  const inputs = await db.operationInput.findMany({
    where: { operationId: operation.id },
    orderBy: { position: "asc" },
    include: { file: true, parentOperation: true },
  });
  return {
    operationId: operation.id,
    kind: operation.kind,
    status: operation.status,
    provider: operation.provider,
    model: operation.model,
    seed: operation.seed,
    prompt: operation.prompt,
    parameters: parametersOf(operation),
    repeatOf: operation.repeatOfId,
    cost: operation.cost,
    createdAt: operation.createdAt.toISOString(),
    inputs: await Promise.all(
      inputs.map(async (input) => {
        // A parent is shown only when it is the same user's own operation.
        const parent = input.parentOperation && input.parentOperation.userId === operation.userId ? input.parentOperation : null;
        const deeper = parent && depth > 1 && !seen.has(parent.id);
        return {
          position: input.position,
          sha256: input.sha256,
          available: input.file !== null && (!input.file.expiresAt || input.file.expiresAt > now),
          parentOperationId: parent?.id ?? null,
          parent: deeper ? await recipeOf(parent, depth - 1, seen) : null,
        };
      }),
    ),
  };
}

export function operationRecipe(operation: Operation): Promise<Recipe> {
  return recipeOf(operation, RECIPE_DEPTH, new Set());
}

/**
 * The recipe of the operation whose result a stored file is, for that operation's owner: the result
 * cards know their image's URL, and this finds how it was made. 404 when the file is not a result of
 * the viewer's (an upload, a gallery copy, someone else's).
 */
export async function recipeOfResultFile(fileId: string, user: User): Promise<{ operationId: string; recipe: Recipe }> {
  const file = await findVisibleFile(fileId, user.id);
  const operation = await db.operation.findFirst({ where: { resultFileId: file.id, userId: user.id } });
  if (!operation) throw new NotFoundError("No recipe is known for this image.", "recipe_not_found");
  return { operationId: operation.id, recipe: await operationRecipe(operation) };
}
