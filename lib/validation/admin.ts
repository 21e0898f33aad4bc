// Request shapes of the operator's console calls (app/api/admin).
import { z } from "zod";

const reason = z
  .string({ error: "Please give a reason of at least 10 characters." })
  .trim()
  .min(10, "Please give a reason of at least 10 characters.")
  .max(500, "The reason can be at most 500 characters.");

export const userSearchSchema = z.object({
  q: z
    .string({ error: "Type an e-mail address (or its start), an account id or a Stripe customer id." })
    .trim()
    .min(2, "Type at least 2 characters.")
    .max(254, "That is too long to be an e-mail address or an id."),
});

export const creditAdjustmentSchema = z.object({
  delta: z
    .number({ error: "The amount must be a whole number of credits." })
    .int("The amount must be a whole number of credits.")
    .refine((value) => value !== 0, "The amount cannot be 0."),
  reason,
});

export const operationRefundSchema = z.object({ reason });

/** A suspension: its category (checked against the list by lib/admin/suspension.ts) and reason. */
export const suspensionSchema = z.object({
  category: z.string({ error: "Choose why the account is suspended." }).trim().min(1, "Choose why the account is suspended.").max(40, "Unknown category."),
  reason,
});

export const unsuspensionSchema = z.object({ reason });

export interface AdminUserRow {
  id: string;
  email: string;
  name: string;
  tier: string;
  credits: number;
  role: string;
  suspended: boolean;
  createdAt: string;
}
