-- Tap-to-select runs as a free operation; its score is kept beside the mask file.
ALTER TYPE "OperationKind" ADD VALUE 'segment';

ALTER TABLE "operations" ADD COLUMN "resultDetails" JSONB;
