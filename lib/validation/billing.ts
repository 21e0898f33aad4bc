// Request and response shapes of the plan and payment calls.
import { z } from "zod";
import { tierSchema } from "./credits";

export const planSchema = z.object({
  id: z.string(),
  tier: tierSchema,
  name: z.string(),
  /** Dollars a month, e.g. 6.99. */
  price: z.number(),
  currency: z.string(),
  credits: z.number().int(),
});
export type PlanView = z.infer<typeof planSchema>;

/**
 * A subscription plan with what it gives besides its monthly credits, read from the plan rows so
 * no screen retypes a figure: how many images its gallery keeps, and the extra-credit pack its
 * members may buy (null when there is none).
 */
export const subscriptionPlanSchema = planSchema.extend({
  savedImages: z.number().int(),
  extraPack: z.object({ credits: z.number().int(), price: z.number(), currency: z.string() }).nullable(),
});
export type SubscriptionPlanView = z.infer<typeof subscriptionPlanSchema>;

export const paidTierSchema = z.enum(["essential", "pro"], { message: "Choose the Essential or Pro plan." });
export type PaidTier = z.infer<typeof paidTierSchema>;

export const createSubscriptionSchema = z.object({ tier: paidTierSchema });

export const creditPackPurchaseSchema = z.object({ packId: z.string().min(1).max(64) });

export const billingProviderSchema = z.enum(["stripe", "sandbox"]);
export type BillingProviderName = z.infer<typeof billingProviderSchema>;

/** What the browser needs to confirm a payment: Stripe's client secret, or the sandbox's. */
export const paymentStartSchema = z.object({
  clientSecret: z.string(),
  provider: billingProviderSchema,
  publishableKey: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

const digits = (value: string) => value.replace(/[\s-]/g, "");

function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** True when MM/YY names this month or a later one. */
export function isFutureExpiry(expiry: string, now = new Date()): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

/** The sandbox's card form: checked like a real card form, then charged nothing. */
export const sandboxCardSchema = z.object({
  number: z
    .string()
    .transform(digits)
    .refine((value) => /^\d{12,19}$/.test(value) && passesLuhn(value), { message: "Your card number is invalid." }),
  expiry: z.string().refine((value) => isFutureExpiry(value), { message: "Your card's expiration date is invalid or in the past." }),
  cvc: z.string().regex(/^\d{3,4}$/, "Your card's security code is invalid."),
});
export type SandboxCard = z.input<typeof sandboxCardSchema>;

export const sandboxConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(300),
  card: sandboxCardSchema,
});

export const currentSubscriptionSchema = z.object({
  tier: tierSchema,
  plan: subscriptionPlanSchema.nullable(),
  /** The credits the user's tier gives each month (from its plan), or null on trial and free. */
  monthlyCredits: z.number().int().nullable(),
  status: z.enum(["incomplete", "active", "past_due", "canceled"]).nullable(),
  /** Who the plan is held with; operator: granted from the operator's console, with no payment, until endsAt. */
  provider: z.enum([...billingProviderSchema.options, "operator"]).nullable(),
  renewsAt: z.string().nullable(),
  /** Set once the plan is cancelled: it stays until this date, then the user is on free. */
  endsAt: z.string().nullable(),
});
export type CurrentSubscription = z.infer<typeof currentSubscriptionSchema>;
