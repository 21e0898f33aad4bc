-- A guest who signs in takes the work of their browser's guest key (lib/auth/guest-work.ts): its files
-- and operations are found by the key's hash, on every sign-in that carries one.
CREATE INDEX "stored_files_guestKeyHash_idx" ON "stored_files" ("guestKeyHash") WHERE "guestKeyHash" IS NOT NULL;
CREATE INDEX "operations_params_guestKeyHash_idx" ON "operations" (("params"->>'guestKeyHash')) WHERE "userId" IS NULL;
