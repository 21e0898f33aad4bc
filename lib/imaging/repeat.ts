// "Make again": an operation run once more from its recipe, on the same stored inputs, with the same
// provider, parameters and seed, at the price its kind costs. Only the owner may, and only while the
// inputs are still stored; a new operation records which one it repeats.
import "server-only";
import { OPERATION_CHARGES } from "@/lib/credits/costs";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Operation, OperationInput, Prisma, StoredFile, User } from "@/lib/generated/prisma/client";
import type { ImageResult } from "@/lib/validation/imaging";
import { answer } from "./calls";
import { providerProfileById } from "./config";
import { AcceptedOperation, type ImageCaller } from "./caller";
import { awaitImageOperation, startImageOperation, type OperationRequest } from "./operations";

const ID_PATTERN = /^[a-z0-9]{20,40}$/;

/** The provider an operation was made with, or a 409 when it is not available now. */
function providerFor(id: string) {
  try {
    return providerProfileById(id);
  } catch {
    throw new DomainError(409, "provider_unavailable", `This image was made with the ${id} provider, which is not available now, so it cannot be made again.`);
  }
}

type OperationWithInputs = Operation & { inputs: Array<OperationInput & { file: StoredFile | null }> };

/** The operation's stored inputs, in order, or null when any of them is no longer stored. */
export function storedInputsOf(original: OperationWithInputs, now = new Date()): Array<{ fileId: string }> | null {
  const params = (original.params ?? {}) as Prisma.JsonObject;
  const inputFileIds = Array.isArray(params.inputFileIds) ? params.inputFileIds : [];
  const missing =
    original.inputs.length !== inputFileIds.length ||
    original.inputs.some(
      (input, index) => !input.file || input.fileId !== inputFileIds[index] || (input.file.expiresAt !== null && input.file.expiresAt <= now),
    );
  return missing ? null : original.inputs.map((input) => ({ fileId: input.fileId! }));
}

/**
 * The request that makes `original` again from its recipe (same provider, prompt, settings, inputs and
 * seed), less who pays: the caller adds the owner and the charge. Its inputs must be stored (storedInputsOf).
 */
export function recipeRequest(original: OperationWithInputs): Omit<OperationRequest, "userId" | "charge"> {
  const params = (original.params ?? {}) as Prisma.JsonObject;
  const settings = Object.fromEntries(Object.entries(params).filter(([name]) => name !== "inputFileIds"));
  return {
    kind: original.kind,
    provider: providerFor(original.provider),
    prompt: original.prompt,
    params: settings as Prisma.InputJsonObject,
    inputs: storedInputsOf(original) ?? [],
    seed: original.seed,
    repeatOfId: original.id,
  };
}

export async function repeatOperation(user: User, caller: ImageCaller, operationId: string): Promise<ImageResult | AcceptedOperation> {
  const original = ID_PATTERN.test(operationId)
    ? await db.operation.findUnique({ where: { id: operationId }, include: { inputs: { orderBy: { position: "asc" }, include: { file: true } } } })
    : null;
  if (!original || original.userId !== user.id) throw new NotFoundError("This operation was not found.", "operation_not_found");
  // A selection is asked for tap by tap with the photo in hand; there is nothing to make again.
  if (original.kind === "segment") throw new DomainError(409, "not_repeatable", "A selection cannot be made again; tap the photo instead.");
  if (!storedInputsOf(original)) {
    throw new DomainError(410, "inputs_expired", "The images this was made from are no longer stored, so it cannot be made again. Please upload them again.");
  }
  const newId = await startImageOperation({ ...recipeRequest(original), userId: user.id, charge: OPERATION_CHARGES[original.kind] });
  if (caller.prefersAsync) return new AcceptedOperation(newId);
  return answer(await awaitImageOperation(newId));
}
