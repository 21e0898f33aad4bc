// Request and answer shapes of the console's account actions (app/api/admin/users/{id}/…, and an
// operation's rerun). A reason's length is checked by lib/admin/reason.ts, the one place that says it.
import { z } from "zod";
import type { AdminAuditRow } from "./admin";

const reason = z.string({ error: "Please give a reason of at least 10 characters." }).max(500, "The reason can be at most 500 characters.");

/** Every action that needs nothing but its reason. */
export const reasonOnlySchema = z.object({ reason });

/** A plan given until a date, with no payment. The date's range is checked by lib/admin/plan-grants.ts. */
export const planGrantSchema = z.object({
  planId: z.string({ error: "Choose the plan to grant." }).trim().min(1, "Choose the plan to grant.").max(64, "Unknown plan."),
  until: z
    .string({ error: "Give the date the plan ends, like 2027-01-31." })
    .trim()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/,
      "Give the date the plan ends, like 2027-01-31 or 2027-01-31T12:00:00Z.",
    )
    .transform((text, context) => {
      const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
      // A day that does not exist (2027-02-30) would otherwise roll over into the next month.
      const day = new Date(`${text.slice(0, 10)}T00:00:00Z`);
      if (Number.isNaN(date.getTime()) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text.slice(0, 10)) {
        context.addIssue({ code: "custom", message: "That end date is not a real date." });
        return z.NEVER;
      }
      return date;
    }),
  reason,
});

export const LEDGER_PAGE_MAX = 100;
export const LEDGER_PAGE_DEFAULT = 50;

export const ledgerQuerySchema = z.object({
  cursor: z.string().max(100, "That cursor is not one this list gave.").optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `The limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}.`)
    .transform(Number)
    .refine((value) => value >= 1 && value <= LEDGER_PAGE_MAX, `The limit must be a whole number from 1 to ${LEDGER_PAGE_MAX}.`)
    .default(LEDGER_PAGE_DEFAULT),
});

export interface AdminLedgerRow {
  id: string;
  at: string;
  kind: string;
  operation: string | null;
  delta: number;
  balanceAfter: number;
  note: string | null;
}

export interface AdminAccountDetail {
  profile: {
    id: string;
    email: string;
    name: string;
    locale: string;
    role: string;
    createdAt: string;
    emailVerifiedAt: string | null;
    deletedAt: string | null;
    twoFactor: boolean;
  };
  plan: {
    tier: string;
    credits: number;
    subscription: null | {
      planId: string;
      planName: string;
      status: string;
      currentPeriodEnd: string | null;
      provider: string;
      /** Given from the console, with no payment. */
      granted: boolean;
      canceledAt: string | null;
    };
  };
  status: { suspended: boolean; suspendedAt: string | null; category: string | null; reason: string | null };
  galleryCount: number;
  /** A revoked key's row is deleted, so every key listed is live: revokedAt is always null. */
  apiKeys: Array<{ id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null }>;
  sessions: Array<{ id: string; createdAt: string; lastSeenAt: string; method: string; device: string | null; country: string | null }>;
  webhooks: Array<{
    id: string;
    url: string;
    events: string[];
    enabled: boolean;
    disabled: boolean;
    disabledAt: string | null;
    consecutiveFailures: number;
    createdAt: string;
  }>;
  /** The latest 50 audit rows about the account, newest first, as the console's audit list gives them. */
  audit: AdminAuditRow[];
  /** The plans an operator may give this account until a date: every subscription plan on sale. */
  grantablePlans: Array<{ id: string; name: string; tier: string; credits: number }>;
}
