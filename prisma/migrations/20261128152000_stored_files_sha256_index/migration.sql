-- A removal after review finds every copy of the removed bytes, whoever stored it.
CREATE INDEX "stored_files_sha256_idx" ON "stored_files"("sha256");
