// Runs one image operation end to end: records it, charges before the work (never for bad input,
// which is checked before this is called), keeps the inputs and the result in our own storage, and
// on any failure refunds the charge and records why. Every operation leaves a row: who, what,
// which provider, the cost, the result or the error, and how long it took.
import "server-only";
import { env } from "@/lib/env";
import { creditCost, type ChargeableOperation } from "@/lib/credits/costs";
import { runCharged } from "@/lib/credits/charge";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import type { OperationKind, Prisma, StoredFile, User } from "@/lib/generated/prisma/client";
import { fileUrl, storeImage } from "@/lib/storage/files";
import { ProcessingTimeoutError, ProviderFailedError } from "./errors";
import type { ImageAsset, ImageProvider } from "./types";

export const OPERATION_TIMEOUT_MS = env().IMAGE_OPERATION_TIMEOUT_MS;
/** Unsaved results are kept this long (a saved gallery image has its own copy). */
export const RESULT_TTL_DAYS = 30;

export interface OperationRequest {
  user: User | null;
  kind: OperationKind;
  /** What to charge, or null for a free operation. */
  charge: ChargeableOperation | null;
  provider: ImageProvider;
  prompt?: string | null;
  params?: Prisma.InputJsonObject;
  /** Uploaded images, stored beside the result. */
  inputs?: ImageAsset[];
  work: (signal: AbortSignal) => Promise<ImageAsset>;
}

export interface OperationResult {
  operationId: string;
  file: StoredFile;
  url: string;
}

function describeFailure(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) return new ProcessingTimeoutError();
  return new ProviderFailedError("Image processing failed. Please try again or use a different image.");
}

export async function runImageOperation(request: OperationRequest): Promise<OperationResult> {
  const userId = request.user?.id ?? null;
  const started = Date.now();
  const operation = await db.operation.create({
    data: {
      userId,
      kind: request.kind,
      provider: request.provider.id,
      cost: request.charge ? creditCost(request.charge) : 0,
      prompt: request.prompt ?? null,
      params: request.params ?? {},
    },
  });
  const produce = async (): Promise<OperationResult> => {
    try {
      const storage = { userId, isPrivate: userId !== null, ttlDays: RESULT_TTL_DAYS };
      const inputIds: string[] = [];
      for (const input of request.inputs ?? []) inputIds.push((await storeImage(input, { ...storage, ttlDays: 1 })).id);
      const result = await request.work(AbortSignal.timeout(OPERATION_TIMEOUT_MS));
      const file = await storeImage(result, storage);
      await db.operation.update({
        where: { id: operation.id },
        data: {
          status: "succeeded",
          resultFileId: file.id,
          params: { ...(request.params ?? {}), inputFileIds: inputIds },
          durationMs: Date.now() - started,
          completedAt: new Date(),
        },
      });
      return { operationId: operation.id, file, url: fileUrl(file) };
    } catch (error) {
      if (!(error instanceof DomainError)) console.error(`[imaging] ${request.kind} via ${request.provider.id} failed`, error);
      // Thrown as the user will read it, so the refund's ledger note says the same.
      throw describeFailure(error);
    }
  };
  try {
    if (!request.charge) return await produce();
    if (!userId) throw new Error("A charged operation needs a signed-in user");
    return await runCharged({ userId, operation: request.charge, idempotencyKey: `operation:${operation.id}` }, async (spend) => {
      await db.operation.update({ where: { id: operation.id }, data: { spendTransactionId: spend.transactionId } });
      return produce();
    });
  } catch (error) {
    const failure = describeFailure(error);
    await db.operation.update({
      where: { id: operation.id },
      data: { status: "failed", error: failure.message.slice(0, 1000), durationMs: Date.now() - started, completedAt: new Date() },
    });
    throw failure;
  }
}
