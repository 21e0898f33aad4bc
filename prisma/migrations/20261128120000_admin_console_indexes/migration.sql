-- The console's overview, operation list and audit log (lib/admin/overview.ts, operations.ts, audit.ts):
-- each figure and each filter reads one index that leads with what it filters on and ends with
-- createdAt, so none reads a whole table (npm run bench:admin: 100,000 accounts, 1,000,000 operations).

-- Sign-ups per day.
CREATE INDEX "users_createdAt_idx" ON "users"("createdAt");

-- The overview's operation counts, failures, active accounts and days read this index alone; the
-- operation list's newest-first pages without a filter walk it.
CREATE INDEX "operations_createdAt_status_kind_userId_idx" ON "operations"("createdAt", "status", "kind", "userId");
-- The overview's queue and run times, one kind at a time, read this index alone; the operation list
-- filtered by kind walks it too. startedAt and completedAt are set with a change of status, which is
-- indexed already, so this costs no update that would otherwise have stayed in its page (HOT).
CREATE INDEX "operations_kind_createdAt_startedAt_completedAt_idx" ON "operations"("kind", "createdAt", "startedAt", "completedAt");
-- The operation list filtered by provider.
CREATE INDEX "operations_provider_createdAt_idx" ON "operations"("provider", "createdAt");

-- Credits spent, granted and refunded, and the paid plans and packs, per day.
CREATE INDEX "credit_transactions_kind_createdAt_delta_idx" ON "credit_transactions"("kind", "createdAt", "delta");

-- The audit log filtered by action, or by the target's id.
CREATE INDEX "audit_log_action_createdAt_idx" ON "audit_log"("action", "createdAt");
CREATE INDEX "audit_log_targetId_createdAt_idx" ON "audit_log"("targetId", "createdAt");
