// Request and response shapes of the credit calls, shared by the route handlers and the browser.
import { z } from "zod";

export const tierSchema = z.enum(["trial", "free", "essential", "pro"]);
export type Tier = z.infer<typeof tierSchema>;

export const creditBalanceSchema = z.object({ credits: z.number().int() });
export type CreditBalance = z.infer<typeof creditBalanceSchema>;

export const creditStatusSchema = z.object({
  tier: tierSchema,
  credits: z.number().int(),
  canGenerate: z.boolean(),
  canEdit: z.boolean(),
});
export type CreditStatus = z.infer<typeof creditStatusSchema>;

export const ledgerKindSchema = z.enum(["grant", "spend", "refund", "purchase", "subscription", "adjustment"]);

export const creditTransactionSchema = z.object({
  id: z.string(),
  kind: ledgerKindSchema,
  operation: z.string().nullable(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditTransactionView = z.infer<typeof creditTransactionSchema>;

export const creditTransactionPageSchema = z.object({
  transactions: z.array(creditTransactionSchema),
  nextCursor: z.string().nullable(),
});
export type CreditTransactionPage = z.infer<typeof creditTransactionPageSchema>;

export const transactionsQuerySchema = z.object({
  cursor: z.string().min(1).max(64).optional(),
  limit: z.coerce.number().int().min(1, "limit must be between 1 and 100").max(100, "limit must be between 1 and 100").default(20),
});

export const creditResetSchema = z.object({ message: z.string() });
