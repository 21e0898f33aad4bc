-- The console's account search finds an account by the start of its e-mail address (LIKE 'prefix%').
-- The unique index on email serves that only in a database whose collation is C: in any other (en_US,
-- C.UTF-8 before PostgreSQL 17) the search read the whole table. text_pattern_ops compares characters
-- one by one, whatever the collation, so a prefix is one range of this index.
CREATE INDEX "users_email_pattern_idx" ON "users"("email" text_pattern_ops);
