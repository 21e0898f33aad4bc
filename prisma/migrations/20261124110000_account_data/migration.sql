-- Account deletion keeps an anonymous user row as the owner of its ledger (deletedAt), and erases
-- the rest after it (erasedAt). Projects record the files they show in project_files, so cleanup
-- never deletes a file a project still shows.
ALTER TABLE "users" ADD COLUMN "deletedAt" TIMESTAMP(3), ADD COLUMN "erasedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "project_files" (
    "projectId" TEXT NOT NULL,
    "fileId" TEXT NOT NULL,

    CONSTRAINT "project_files_pkey" PRIMARY KEY ("projectId","fileId")
);

-- CreateIndex
CREATE INDEX "project_files_fileId_idx" ON "project_files"("fileId");

-- AddForeignKey
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "project_files" ADD CONSTRAINT "project_files_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "stored_files"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The files existing projects already show, read from their saved state (our own /api/files/{id} URLs).
INSERT INTO "project_files" ("projectId", "fileId")
SELECT DISTINCT p."id", f."id"
FROM "projects" p
CROSS JOIN LATERAL (
    SELECT p."state"->>'sourceImage' AS url
    UNION ALL SELECT p."state"->>'resultImage'
    UNION ALL SELECT entry->>'resultUrl'
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p."state"->'history') = 'array' THEN p."state"->'history' ELSE '[]'::jsonb END) AS entry
) refs
JOIN "stored_files" f ON f."id" = substring(refs.url FROM '^/api/files/([A-Za-z0-9_-]{24})$')
ON CONFLICT DO NOTHING;
