// Request shapes of the operator's console calls (app/api/admin).
import { z } from "zod";
import { OperationKind, OperationStatus } from "@/lib/generated/prisma/enums";
import { OVERVIEW_RANGES, REMOVAL_CATEGORIES, REVIEW_DECISIONS, REVIEW_STATUSES, type OverviewRange } from "@/lib/admin/console-values";

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

/** The periods the console's overview covers, each ending now and starting at a UTC midnight. */
export { OVERVIEW_RANGES, type OverviewRange };

export const overviewQuerySchema = z.object({
  range: z.enum(OVERVIEW_RANGES, { error: "The range must be today, 7d or 30d." }).default("7d"),
});

/** A moment in a filter: a UTC day (2026-11-28) or an ISO date and time with its offset. */
const instant = (name: string) =>
  z
    .string()
    .trim()
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/,
      `${name} must be a date like 2026-11-28 or a time like 2026-11-28T12:00:00Z.`,
    )
    .transform((text, context) => {
      const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : text);
      // Date rolls 2026-02-31 over into March: the calendar day must be the one written.
      const [year, month, day] = text.slice(0, 10).split("-").map(Number) as [number, number, number];
      const calendar = new Date(Date.UTC(year, month - 1, day));
      if (Number.isNaN(date.getTime()) || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day) {
        context.addIssue({ code: "custom", message: `${name} is not a real date.` });
        return z.NEVER;
      }
      return date;
    })
    .optional();

/** The most rows one page of a console list holds, and how many it holds when not asked. */
export const PAGE_LIMIT_MAX = 100;
const limit = z
  .string()
  .regex(/^\d{1,3}$/, `The limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`)
  .transform(Number)
  .refine((value) => value >= 1 && value <= PAGE_LIMIT_MAX, `The limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`)
  .default(50);
const cursor = z.string().max(200, "That cursor is not one this list gave.").optional();
const id = (what: string) => z.string().trim().min(1, `${what} cannot be empty.`).max(100, `${what} is too long.`).optional();

const period = { from: instant("from"), to: instant("to") };
const fromBeforeTo = (value: { from?: Date; to?: Date }) => !value.from || !value.to || value.from < value.to;
const FROM_BEFORE_TO = { message: "from must be before to.", path: ["from"] };

// The schema's own enums (an isomorphic module), so a new kind or status is accepted without a second list.
const OPERATION_STATUSES = Object.values(OperationStatus) as [OperationStatus, ...OperationStatus[]];
const OPERATION_KINDS = Object.values(OperationKind) as [OperationKind, ...OperationKind[]];

export const operationSearchSchema = z
  .object({
    status: z.enum(OPERATION_STATUSES, { error: `The status must be one of ${OPERATION_STATUSES.join(", ")}.` }).optional(),
    kind: z.enum(OPERATION_KINDS, { error: `The kind must be one of ${OPERATION_KINDS.join(", ")}.` }).optional(),
    provider: id("The provider"),
    userId: id("The account id"),
    email: z.string().trim().min(3, "Type the whole e-mail address.").max(254, "That is too long to be an e-mail address.").optional(),
    ...period,
    cursor,
    limit,
  })
  .refine(fromBeforeTo, FROM_BEFORE_TO);
export type OperationSearch = z.infer<typeof operationSearchSchema>;

/** The review screen's list: one status at a time, pending (the work to do) unless asked. */
export const reviewSearchSchema = z.object({
  status: z.enum(REVIEW_STATUSES, { error: `The status must be one of ${REVIEW_STATUSES.join(", ")}.` }).default("pending"),
  cursor,
  limit,
});
export type ReviewSearch = z.infer<typeof reviewSearchSchema>;

/** An operator's decision on a flagged result; a removal says why, by category and in words. */
export const reviewDecisionSchema = z
  .object({
    decision: z.enum(REVIEW_DECISIONS, { error: `The decision must be ${REVIEW_DECISIONS.join(" or ")}.` }),
    category: z.enum(REMOVAL_CATEGORIES, { error: `The category must be one of ${REMOVAL_CATEGORIES.join(", ")}.` }).optional(),
    reason,
  })
  .refine((value) => value.decision !== "remove" || value.category !== undefined, {
    message: "Choose why the picture is removed.",
    path: ["category"],
  });
export type ReviewDecisionInput = z.infer<typeof reviewDecisionSchema>;

const auditFilters = z.object({
  /** An actor's account id or e-mail address, or cli or system. */
  actor: z.string().trim().min(1, "The actor cannot be empty.").max(254, "The actor is too long.").optional(),
  action: z
    .string()
    .trim()
    .max(60, "The action is too long.")
    .regex(/^[a-z_]+(\.[a-z_]+)+$/, "The action must look like operation.refund.")
    .optional(),
  /** The id of the account, operation or other thing the action was about. */
  target: id("The target"),
  ...period,
});

export const auditSearchSchema = auditFilters.extend({ cursor, limit }).refine(fromBeforeTo, FROM_BEFORE_TO);
export type AuditSearch = z.infer<typeof auditSearchSchema>;

/** The export takes the list's filters; it is one file, not pages. */
export const auditExportSchema = auditFilters.refine(fromBeforeTo, FROM_BEFORE_TO);
export type AuditExportFilters = z.infer<typeof auditExportSchema>;

export interface OverviewFigures {
  range: OverviewRange;
  from: string;
  to: string;
  signups: number;
  activeUsers: number;
  operations: Array<{ kind: string; status: string; count: number }>;
  failureRate: number;
  timings: Array<{ kind: string; queueWaitP50Ms: number | null; queueWaitP95Ms: number | null; runP50Ms: number | null; runP95Ms: number | null }>;
  credits: { spent: number; granted: number; refunded: number };
  revenue: { invoicesCents: number; packsCents: number; currency: string };
  subscriptionsByPlan: Array<{ planId: string; planName: string; count: number }>;
  daily: Array<{ day: string; signups: number; operations: number; failed: number; creditsSpent: number; revenueCents: number }>;
}

export interface AdminOperationRow {
  id: string;
  userId: string | null;
  userEmail: string | null;
  kind: string;
  status: string;
  provider: string;
  errorCode: string | null;
  errorMessage: string | null;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  queueWaitMs: number | null;
  runMs: number | null;
  repeatOfId: string | null;
  refunded: boolean;
}

export interface AdminAuditRow {
  id: string;
  at: string;
  /** cli, system, or the acting admin's account id. */
  actor: string;
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
}

/** One image's class scores as the check kept them, with its explicit score (Porn + Hentai). */
export interface ReviewImageScores {
  image: "result" | "input";
  /** 1-based, for inputs. */
  index: number;
  classes: Record<string, number>;
  explicit: number | null;
}

export interface AdminReviewRow {
  id: string;
  userId: string | null;
  userEmail: string | null;
  kind: string;
  prompt: string | null;
  createdAt: string;
  reviewStatus: string;
  reviewedAt: string | null;
  /** The console's own address of the result (through the admin gate), or null once it is gone. */
  imageUrl: string | null;
  scores: { model: string | null; threshold: number | null; mode: string | null; images: ReviewImageScores[] };
}

export interface Page<Row> {
  items: Row[];
  nextCursor: string | null;
}

/** A console action's reason and a list's paging, for the console's other request shapes (lib/validation/reports.ts). */
export { reason as consoleReasonSchema, cursor as pageCursorSchema, limit as pageLimitSchema };
