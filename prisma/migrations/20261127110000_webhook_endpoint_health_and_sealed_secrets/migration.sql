-- Webhook endpoints: the key their signing secret is encrypted with (NULL marks a secret still in
-- plain text, which is encrypted on its next use), and their health: failed deliveries in a row, and
-- when the endpoint was switched off.
ALTER TABLE "webhook_endpoints" ADD COLUMN "secretKeyId" TEXT,
ADD COLUMN "consecutiveFailures" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "disabledAt" TIMESTAMP(3);
