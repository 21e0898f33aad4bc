-- Recipes: what made each result. Stored files keep the hash of their bytes; an operation records its
-- model, its seed, the operation it made again, and each input (hash and the operation that made it).
ALTER TABLE "stored_files" ADD COLUMN "sha256" TEXT;
CREATE INDEX "stored_files_userId_sha256_idx" ON "stored_files"("userId", "sha256");

ALTER TABLE "operations"
  ADD COLUMN "model" TEXT,
  ADD COLUMN "seed" INTEGER,
  ADD COLUMN "repeatOfId" TEXT;
ALTER TABLE "operations" ADD CONSTRAINT "operations_repeatOfId_fkey" FOREIGN KEY ("repeatOfId") REFERENCES "operations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "operation_inputs" (
    "id" TEXT NOT NULL,
    "operationId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "fileId" TEXT,
    "sha256" TEXT NOT NULL,
    "parentOperationId" TEXT,

    CONSTRAINT "operation_inputs_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "operation_inputs_operationId_position_key" ON "operation_inputs"("operationId", "position");
CREATE INDEX "operation_inputs_parentOperationId_idx" ON "operation_inputs"("parentOperationId");

ALTER TABLE "operation_inputs" ADD CONSTRAINT "operation_inputs_operationId_fkey" FOREIGN KEY ("operationId") REFERENCES "operations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "operation_inputs" ADD CONSTRAINT "operation_inputs_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "operation_inputs" ADD CONSTRAINT "operation_inputs_parentOperationId_fkey" FOREIGN KEY ("parentOperationId") REFERENCES "operations"("id") ON DELETE SET NULL ON UPDATE CASCADE;
