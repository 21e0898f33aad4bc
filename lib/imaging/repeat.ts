// "Make again": an operation run once more from its recipe, on the same stored inputs, with the same
// provider, parameters and seed, at the price its kind costs. Only the owner may, and only while the
// inputs are still stored; a new operation records which one it repeats.
import "server-only";
import { OPERATION_CHARGES } from "@/lib/credits/costs";
import { db } from "@/lib/db";
import { DomainError, NotFoundError } from "@/lib/errors";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import type { ImageResult } from "@/lib/validation/imaging";
import { answer } from "./calls";
import { providerProfileById } from "./config";
import { AcceptedOperation, type ImageCaller } from "./caller";
import { awaitImageOperation, startImageOperation } from "./operations";

const ID_PATTERN = /^[a-z0-9]{20,40}$/;

function providerFor(id: string) {
  try {
    return providerProfileById(id);
  } catch {
    throw new DomainError(409, "provider_unavailable", `This image was made with the ${id} provider, which is not available now, so it cannot be made again.`);
  }
}

export async function repeatOperation(user: User, caller: ImageCaller, operationId: string): Promise<ImageResult | AcceptedOperation> {
  const original = ID_PATTERN.test(operationId)
    ? await db.operation.findUnique({ where: { id: operationId }, include: { inputs: { orderBy: { position: "asc" }, include: { file: true } } } })
    : null;
  if (!original || original.userId !== user.id) throw new NotFoundError("This operation was not found.", "operation_not_found");
  // A selection is asked for tap by tap with the photo in hand; there is nothing to make again.
  if (original.kind === "segment") throw new DomainError(409, "not_repeatable", "A selection cannot be made again; tap the photo instead.");
  const params = (original.params ?? {}) as Prisma.JsonObject;
  const inputFileIds = Array.isArray(params.inputFileIds) ? params.inputFileIds : [];
  const now = new Date();
  const missing =
    original.inputs.length !== inputFileIds.length ||
    original.inputs.some(
      (input, index) => !input.file || input.fileId !== inputFileIds[index] || (input.file.expiresAt !== null && input.file.expiresAt <= now),
    );
  if (missing) {
    throw new DomainError(410, "inputs_expired", "The images this was made from are no longer stored, so it cannot be made again. Please upload them again.");
  }
  const provider = providerFor(original.provider);
  const settings = Object.fromEntries(Object.entries(params).filter(([name]) => name !== "inputFileIds"));
  const newId = await startImageOperation({
    userId: user.id,
    kind: original.kind,
    charge: OPERATION_CHARGES[original.kind],
    provider,
    prompt: original.prompt,
    params: settings as Prisma.InputJsonObject,
    inputs: original.inputs.map((input) => ({ fileId: input.fileId! })),
    seed: original.seed,
    repeatOfId: original.id,
  });
  if (caller.prefersAsync) return new AcceptedOperation(newId);
  return answer(await awaitImageOperation(newId));
}
