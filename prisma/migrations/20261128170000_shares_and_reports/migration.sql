-- Share links, the browser a guest's file belongs to, and reports (notice and action) with their appeals.
CREATE TYPE "ReportCategory" AS ENUM ('illegal', 'child_sexual_abuse', 'intellectual_property', 'violence_terrorism', 'privacy', 'other');
CREATE TYPE "ReportStatus" AS ENUM ('open', 'removed', 'dismissed');
CREATE TYPE "AppealStatus" AS ENUM ('open', 'upheld', 'reversed');

ALTER TABLE "stored_files" ADD COLUMN "guestKeyHash" TEXT;

CREATE TABLE "shares" (
    "id" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "tokenSealed" TEXT NOT NULL,
    "tokenKeyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "sourceFileId" TEXT,
    "fileId" TEXT NOT NULL,
    "operationId" TEXT,
    "caption" TEXT,
    "prompt" TEXT,
    "indexable" BOOLEAN NOT NULL DEFAULT false,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),
    "hiddenAt" TIMESTAMP(3),
    "views" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shares_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "shares_tokenHash_key" ON "shares"("tokenHash");
CREATE UNIQUE INDEX "shares_fileId_key" ON "shares"("fileId");
CREATE INDEX "shares_userId_createdAt_idx" ON "shares"("userId", "createdAt");
CREATE INDEX "shares_sourceFileId_idx" ON "shares"("sourceFileId");
ALTER TABLE "shares" ADD CONSTRAINT "shares_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shares" ADD CONSTRAINT "shares_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "stored_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shares" ADD CONSTRAINT "shares_sourceFileId_fkey" FOREIGN KEY ("sourceFileId") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "reports" (
    "id" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "url" TEXT NOT NULL,
    "shareId" TEXT,
    "fileId" TEXT,
    "category" "ReportCategory" NOT NULL,
    "explanation" TEXT NOT NULL,
    "reporterName" TEXT,
    "reporterEmail" TEXT,
    "locale" TEXT NOT NULL DEFAULT 'en',
    "goodFaith" BOOLEAN NOT NULL,
    "status" "ReportStatus" NOT NULL DEFAULT 'open',
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "decisionRule" TEXT,
    "decisionNote" TEXT,
    "appealTokenHash" TEXT,

    CONSTRAINT "reports_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "reports_appealTokenHash_key" ON "reports"("appealTokenHash");
CREATE INDEX "reports_status_createdAt_idx" ON "reports"("status", "createdAt");
CREATE INDEX "reports_shareId_idx" ON "reports"("shareId");
CREATE INDEX "reports_fileId_idx" ON "reports"("fileId");
ALTER TABLE "reports" ADD CONSTRAINT "reports_shareId_fkey" FOREIGN KEY ("shareId") REFERENCES "shares"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "reports" ADD CONSTRAINT "reports_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "stored_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "report_appeals" (
    "id" TEXT NOT NULL,
    "reportId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "status" "AppealStatus" NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,

    CONSTRAINT "report_appeals_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "report_appeals_reportId_key" ON "report_appeals"("reportId");
CREATE INDEX "report_appeals_status_createdAt_idx" ON "report_appeals"("status", "createdAt");
CREATE INDEX "report_appeals_userId_idx" ON "report_appeals"("userId");
ALTER TABLE "report_appeals" ADD CONSTRAINT "report_appeals_reportId_fkey" FOREIGN KEY ("reportId") REFERENCES "reports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "report_appeals" ADD CONSTRAINT "report_appeals_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
