-- A preview deploy stores its mail instead of sending it; reviewers read it at /preview/outbox.
CREATE TABLE "preview_outbox" (
    "id" TEXT NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "preview_outbox_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "preview_outbox_createdAt_idx" ON "preview_outbox"("createdAt");
