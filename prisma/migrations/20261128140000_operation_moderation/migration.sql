-- Who refused an operation's content and on what grounds: our moderation check's flagged categories
-- and scores, or a provider's own safety refusal. Null for every operation nothing refused.
ALTER TABLE "operations" ADD COLUMN "moderation" JSONB;
