-- Every foreign key column leads an index: deleting a file, a plan or an operation, and the console's
-- lists by owner, would otherwise read whole tables.
CREATE INDEX "subscriptions_planId_idx" ON "subscriptions"("planId");
CREATE INDEX "operations_resultFileId_idx" ON "operations"("resultFileId");
CREATE INDEX "operations_repeatOfId_idx" ON "operations"("repeatOfId");
CREATE INDEX "operation_inputs_fileId_idx" ON "operation_inputs"("fileId");

-- Worker time each operation used, summed per account (operations_userId_createdAt_idx) or per guest
-- address (below) over the last hour before new work is queued.
ALTER TABLE "operations" ADD COLUMN "workerMs" INTEGER NOT NULL DEFAULT 0;
CREATE INDEX "operations_guestAddress_createdAt_idx" ON "operations"("guestAddress", "createdAt");
