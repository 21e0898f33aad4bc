-- A plan an operator grants from the console, with no payment: a subscription row of this provider,
-- cancelled at the grant so it never renews, that lapses at its currentPeriodEnd.
ALTER TYPE "BillingProvider" ADD VALUE 'operator';
