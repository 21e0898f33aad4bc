-- Operations run as queued jobs in worker processes: their progress, attempts, deadline and cancel
-- request live on the row, and a status moves queued → running → succeeded | failed | canceled.
ALTER TYPE "OperationStatus" RENAME VALUE 'pending' TO 'queued';
ALTER TYPE "OperationStatus" ADD VALUE 'running' BEFORE 'succeeded';
ALTER TYPE "OperationStatus" ADD VALUE 'canceled' AFTER 'failed';

ALTER TABLE "operations" ALTER COLUMN "status" SET DEFAULT 'queued';
ALTER TABLE "operations"
  ADD COLUMN "errorStatus" INTEGER,
  ADD COLUMN "errorCode" TEXT,
  ADD COLUMN "jobId" TEXT,
  ADD COLUMN "queue" TEXT,
  ADD COLUMN "progress" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "stage" TEXT,
  ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN "startedAt" TIMESTAMP(3),
  ADD COLUMN "deadlineAt" TIMESTAMP(3),
  ADD COLUMN "cancelRequested" BOOLEAN NOT NULL DEFAULT false,
  ADD COLUMN "guestAddress" TEXT,
  ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

CREATE INDEX "operations_status_createdAt_idx" ON "operations"("status", "createdAt");

-- A guest may have one operation in flight per address; two racing requests cannot both insert.
CREATE UNIQUE INDEX "operations_guestAddress_active_key" ON "operations"("guestAddress") WHERE "completedAt" IS NULL;

-- Operations left pending by a process that died before this release get a deadline, so the sweeper
-- fails them and refunds their charge instead of leaving the user paying for nothing.
UPDATE "operations" SET "deadlineAt" = "createdAt" + interval '3 minutes' WHERE "status" = 'queued';
