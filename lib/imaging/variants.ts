// Waiting for the variants of one request together: the answer carries every image made, in order,
// and names the variants that failed (each refunded on its own by its operation's settlement). Only
// when every variant fails does the call fail, with the first one's error.
import "server-only";
import { DomainError } from "@/lib/errors";
import type { GenerateResult, VariantFailure, VariantResult } from "@/lib/validation/imaging";
import { awaitImageOperation } from "./operations";

function failureOf(operationId: string, reason: unknown): VariantFailure {
  const error = reason instanceof DomainError ? reason : new DomainError(502, "processing_failed", "Image processing failed.");
  return { operationId, status: error.status, code: error.code, message: error.message };
}

export async function awaitVariants(operationIds: string[]): Promise<GenerateResult> {
  const settled = await Promise.allSettled(operationIds.map((operationId) => awaitImageOperation(operationId)));
  const results: VariantResult[] = [];
  const failed: VariantFailure[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === "fulfilled") {
      const { operationId, url, width, height } = outcome.value;
      results.push({ sample: url, operationId, width, height });
    } else {
      failed.push(failureOf(operationIds[index]!, outcome.reason));
    }
  });
  const first = results[0];
  if (!first) {
    const reason = settled.find((outcome) => outcome.status === "rejected")?.reason;
    throw reason instanceof Error ? reason : new DomainError(502, "processing_failed", "Image processing failed.");
  }
  return { result: { sample: first.sample }, operationId: first.operationId, width: first.width, height: first.height, results, operationIds, failed };
}
