-- What a payment actually charged, on the ledger row it wrote (a paid invoice's subscription row, a
-- pack's purchase row): the console's revenue sums these instead of today's price of the plan, which
-- is wrong after a price change, a discount, tax, proration or in another currency. Rows written
-- before this migration keep null (the overview values them at their plan's price, as it did).
ALTER TABLE "credit_transactions" ADD COLUMN "paidCents" INTEGER, ADD COLUMN "paidCurrency" TEXT;

-- An amount is never negative, always has its currency (lower case, as Stripe sends it and the plans
-- keep it) and belongs only to a row a payment wrote (Prisma does not model CHECK constraints). Each
-- branch names which columns are set, so the check is true or false, never null (a CHECK passes on null).
ALTER TABLE "credit_transactions" ADD CONSTRAINT "credit_transactions_paid_valid" CHECK (
  ("paidCents" IS NULL AND "paidCurrency" IS NULL)
  OR ("paidCents" IS NOT NULL AND "paidCurrency" IS NOT NULL
      AND "paidCents" >= 0 AND "paidCurrency" ~ '^[a-z]{3}$' AND "kind" IN ('subscription', 'purchase'))
);
