// Starts one image operation from the web tier: refuses a prompt that moderation forbids
// (lib/moderation/prompt.ts) before anything else, keeps its uploads in our own storage, then writes
// the operation, its charge and its queue job in one transaction (lib/jobs). Nothing here decodes an
// image: workers do the work. By default the call waits for the result, so every client of the
// spec's calls keeps working; with `Prefer: respond-async` it answers 202 at once.
import "server-only";
import { AcceptedOperation, type ImageCaller } from "./caller";
import { assertCanAfford } from "@/lib/credits/charge";
import { creditCost, type ChargeableOperation } from "@/lib/credits/costs";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import type { Operation, OperationKind, Prisma, StoredFile } from "@/lib/generated/prisma/client";
import { requestCancel } from "@/lib/jobs/cancel";
import { enqueueOperations, guestOperationInProgress, type AlsoWrite } from "@/lib/jobs/enqueue";
import { runJobsInline } from "@/lib/jobs/inline";
import { operationTimeoutMs } from "@/lib/jobs/queues";
import { assertWorkerTimeLeft } from "@/lib/jobs/worker-time";
import { isTerminalStatus } from "@/lib/validation/operations";
import { watchOperation, type OperationWithFile } from "@/lib/jobs/wait";
import { deleteStoredFile, fileUrl, storeImage } from "@/lib/storage/files";
import { ContentRefusedError, ProcessingTimeoutError } from "./errors";
import { modelOf, randomSeed, recordInputs, takesSeed } from "./provenance";
import { MAX_SEED, type ImageAsset, type ImageProvider } from "./types";
import { logger } from "@/lib/observability/log";
import { assertPromptAllowed } from "@/lib/moderation/prompt";

const log = logger("imaging");

/** Uploads are kept a day: long enough for a retry, a cancel or a reload to find them. */
const INPUT_TTL_DAYS = 1;

/** An input: an upload to store, or one of our stored files (already checked readable by the caller). */
export type OperationInput = { upload: ImageAsset } | { fileId: string };

export interface OperationRequest {
  userId: string | null;
  kind: OperationKind;
  /** What to charge, or null for a free operation. */
  charge: ChargeableOperation | null;
  provider: ImageProvider;
  prompt?: string | null;
  params?: Prisma.InputJsonObject;
  inputs?: OperationInput[];
  /** A guest's address: guests may have one operation in flight per address. */
  guestAddress?: string | null;
  /** A guest's browser's key hash (lib/auth/guest-key.ts): its uploads and results are that browser's alone. */
  guestKeyHash?: string | null;
  /** The seed for a provider that takes one: drawn afresh when undefined; null sends none (as before seeds were kept). */
  seed?: number | null;
  /** The operation this one makes again. */
  repeatOfId?: string | null;
}

export interface OperationResult {
  operationId: string;
  url: string;
  width: number;
  height: number;
  /** Facts the worker recorded about the result, e.g. a selection's score. */
  details: Prisma.JsonValue;
  /** The stored inputs, so a client can name them again instead of uploading them again. */
  inputUrls: string[];
}

/** Every input's file id, in order, and the rows of the uploads stored for them. */
async function storeInputs(request: OperationRequest): Promise<{ ids: string[]; stored: StoredFile[] }> {
  const ids: string[] = [];
  const stored: StoredFile[] = [];
  for (const input of request.inputs ?? []) {
    if ("fileId" in input) ids.push(input.fileId);
    else {
      const file = await storeImage(input.upload, {
        userId: request.userId,
        isPrivate: true,
        ttlDays: INPUT_TTL_DAYS,
        guestKeyHash: request.userId === null ? (request.guestKeyHash ?? null) : null,
      });
      ids.push(file.id);
      stored.push(file);
    }
  }
  return { ids, stored };
}

/** `alsoWrite` writes more rows in the operation's own transaction (lib/jobs/enqueue.ts). */
export async function startImageOperation(request: OperationRequest, alsoWrite?: AlsoWrite): Promise<string> {
  const [operationId] = await startImageOperations(request, 1, alsoWrite);
  return operationId!;
}

/**
 * `count` operations of one request (variants), each its own job and charge, written together. The
 * inputs are stored once; where the provider takes a seed, variant i gets seed + i, so each differs
 * and each can be made again.
 */
export async function startImageOperations(request: OperationRequest, count: number, alsoWrite?: AlsoWrite): Promise<string[]> {
  // A request bound to be refused is refused before its uploads are stored.
  assertPromptAllowed(request.prompt);
  if (request.guestAddress) await assertNoGuestOperationInFlight(request.guestAddress);
  await assertWorkerTimeLeft(request);
  if (request.charge && request.userId) await assertCanAfford(request.userId, creditCost(request.charge) * count);
  const { ids: inputFileIds, stored } = await storeInputs(request);
  let operations: Operation[];
  try {
    operations = await enqueueWithInputs(request, count, inputFileIds, stored, alsoWrite);
  } catch (error) {
    // Refused after all (a race spent the balance, a guest's other operation got in first): nothing
    // of the request stays behind.
    await discardUploads(stored);
    throw error;
  }
  if (env().JOBS_INLINE) runJobsInline(operations);
  return operations.map((operation) => operation.id);
}

async function discardUploads(stored: StoredFile[]): Promise<void> {
  for (const file of stored) {
    await deleteStoredFile(file).catch((error: unknown) => log.error({ err: error, fileId: file.id }, "upload of a refused request not deleted"));
  }
}

async function enqueueWithInputs(
  request: OperationRequest,
  count: number,
  inputFileIds: string[],
  stored: StoredFile[],
  alsoWrite?: AlsoWrite,
): Promise<Operation[]> {
  const inputs = await recordInputs(inputFileIds, request.userId, stored);
  const seeded = takesSeed(request.provider, request.kind);
  const firstSeed = seeded ? (request.seed === undefined ? randomSeed() : request.seed) : null;
  return enqueueOperations(
    Array.from({ length: count }, (_, index) => ({
      userId: request.userId,
      kind: request.kind,
      charge: request.charge,
      providerId: request.provider.id,
      model: modelOf(request.provider, request.kind),
      seed: firstSeed === null ? null : (firstSeed + index) % (MAX_SEED + 1),
      repeatOfId: request.repeatOfId ?? null,
      prompt: request.prompt,
      // The worker stores a guest's result under the same key as the request's uploads.
      params: { ...(request.params ?? {}), inputFileIds, ...(request.userId === null && request.guestKeyHash ? { guestKeyHash: request.guestKeyHash } : {}) },
      guestAddress: request.guestAddress,
      inputs,
    })),
    alsoWrite,
  );
}

/**
 * A guest with an operation still running is refused before its upload is stored: the unique index on
 * in-flight guest operations stays the rule under races, this only spares the work of a refused call.
 */
async function assertNoGuestOperationInFlight(guestAddress: string): Promise<void> {
  const running = await db.operation.findFirst({ where: { guestAddress, completedAt: null }, select: { id: true } });
  if (running) throw guestOperationInProgress();
}

/** The failure an ended operation stands for, as the error the route wrapper maps. */
function failureOf(operation: OperationWithFile): DomainError {
  // The image check's refusal is the spec's safety message, which the caller reads in their language.
  if (operation.errorCode === "content_refused") return new ContentRefusedError({ by: "image-check" });
  return new DomainError(operation.errorStatus ?? 502, operation.errorCode ?? "processing_failed", operation.error ?? "Image processing failed.");
}

/** Waits for the operation's end; if it does not end in time it is canceled (and refunded). */
export async function awaitImageOperation(operationId: string): Promise<OperationResult> {
  const operation = await watchOperation(operationId, (current) => isTerminalStatus(current.status), { timeoutMs: operationTimeoutMs() });
  if (!operation) throw new Error(`Operation ${operationId} disappeared`);
  if (!isTerminalStatus(operation.status)) {
    await requestCancel(operation);
    throw new ProcessingTimeoutError();
  }
  if (operation.status !== "succeeded" || !operation.resultFile) throw failureOf(operation);
  const file = operation.resultFile;
  const inputFileIds = ((operation.params ?? {}) as { inputFileIds?: string[] }).inputFileIds ?? [];
  return {
    operationId,
    url: fileUrl(file),
    width: file.width ?? 0,
    height: file.height ?? 0,
    details: operation.resultDetails,
    inputUrls: inputFileIds.map((id) => fileUrl({ id })),
  };
}

/** Runs the operation as the caller prefers: answered at once (202), or waited for and shaped by `answer`. */
export async function runImageOperation<T>(
  caller: Pick<ImageCaller, "prefersAsync">,
  request: OperationRequest,
  answer: (result: OperationResult) => T,
): Promise<T | AcceptedOperation> {
  const operationId = await startImageOperation(request);
  if (caller.prefersAsync) return new AcceptedOperation(operationId);
  return answer(await awaitImageOperation(operationId));
}
