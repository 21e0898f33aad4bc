-- The check of 20261128130000_ledger_amount_paid let an amount without its currency through: with
-- "paidCurrency" null its second branch is null, not false, and a CHECK passes on null. Each branch
-- now says outright which columns are set, so the check is true or false, never null.
ALTER TABLE "credit_transactions" DROP CONSTRAINT "credit_transactions_paid_valid";
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_paid_valid" CHECK (
  ("paidCents" IS NULL AND "paidCurrency" IS NULL)
  OR ("paidCents" IS NOT NULL AND "paidCurrency" IS NOT NULL
      AND "paidCents" >= 0 AND "paidCurrency" ~ '^[a-z]{3}$' AND "kind" IN ('subscription', 'purchase'))
);
