// One structured line per finished job, for whatever collects the logs: which operation, what it
// was, which provider, how long it queued and ran, and how it ended.
import "server-only";
import { db } from "@/lib/db";
import { logger } from "@/lib/observability/log";

const log = logger("jobs");

export async function logOperation(operationId: string): Promise<void> {
  const operation = await db.operation.findUnique({ where: { id: operationId } });
  if (!operation) return;
  const started = operation.startedAt?.getTime() ?? null;
  const ended = operation.completedAt?.getTime() ?? Date.now();
  const line = {
    event: "image_job",
    operationId: operation.id,
    jobId: operation.jobId,
    kind: operation.kind,
    provider: operation.provider,
    queue: operation.queue,
    attempts: operation.attempts,
    queueWaitMs: started === null ? ended - operation.createdAt.getTime() : started - operation.createdAt.getTime(),
    runMs: started === null ? 0 : ended - started,
    outcome: operation.status,
    ...(operation.errorCode ? { error: operation.errorCode } : {}),
  };
  log.info(line, "image job finished");
}
