-- The image check's scores on every operation it looked at, the review state of a result it flagged,
-- and the moment an operator removed a picture after review.
CREATE TYPE "ReviewStatus" AS ENUM ('pending', 'approved', 'removed');

ALTER TABLE "operations" ADD COLUMN "contentScores" JSONB;
ALTER TABLE "operations" ADD COLUMN "reviewStatus" "ReviewStatus";
ALTER TABLE "operations" ADD COLUMN "reviewedAt" TIMESTAMP(3);
CREATE INDEX "operations_reviewStatus_createdAt_idx" ON "operations"("reviewStatus", "createdAt");

ALTER TABLE "stored_files" ADD COLUMN "removedAt" TIMESTAMP(3);
