// Request and answer shapes of reports (POST /api/reports), appeals (POST /api/appeals) and the
// console's Reports screen (app/api/admin/reports, app/api/admin/appeals).
import { z } from "zod";
import { locales } from "@/lib/i18n/locales";
import { APPEAL_DECISIONS, APPEAL_STATUSES, REPORT_CATEGORIES, REPORT_DECISIONS, REPORT_LIMITS, REPORT_STATUSES } from "@/lib/reports/report-values";
import { consoleReasonSchema, pageCursorSchema, pageLimitSchema } from "./admin";

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * A notice as the /report form sends it. The address is checked against the site by the service
 * (lib/reports/target.ts); whether name and e-mail are needed depends on the category, and the
 * good-faith statement must be made: both answered with their own codes there.
 */
export const reportSchema = z.object({
  url: z
    .string({ error: "Give the address of what you report." })
    .trim()
    .min(1, "Give the address of what you report.")
    .max(REPORT_LIMITS.address, `The address can be at most ${REPORT_LIMITS.address} characters.`),
  category: z.enum(REPORT_CATEGORIES, { error: `The category must be one of ${REPORT_CATEGORIES.join(", ")}.` }),
  explanation: z
    .string({ error: "Explain why you report it." })
    .trim()
    .min(REPORT_LIMITS.explanationMin, `Explain why you report it in at least ${REPORT_LIMITS.explanationMin} characters.`)
    .max(REPORT_LIMITS.explanation, `The explanation can be at most ${REPORT_LIMITS.explanation} characters.`),
  name: optionalText(REPORT_LIMITS.name, `The name can be at most ${REPORT_LIMITS.name} characters.`),
  email: optionalText(REPORT_LIMITS.email, "That is too long to be an e-mail address.").pipe(z.email("That is not an e-mail address.").optional()),
  goodFaith: z.boolean({ error: "Say whether you make this report in good faith." }),
  locale: z.enum(locales).optional(),
});
export type ReportInput = z.infer<typeof reportSchema>;

export const appealSchema = z.object({
  token: z.string({ error: "The appeal link is not valid." }).trim().min(1, "The appeal link is not valid.").max(200, "The appeal link is not valid."),
  text: z
    .string({ error: "Explain why the decision is wrong." })
    .trim()
    .min(REPORT_LIMITS.appealMin, `Explain why the decision is wrong in at least ${REPORT_LIMITS.appealMin} characters.`)
    .max(REPORT_LIMITS.appeal, `The appeal can be at most ${REPORT_LIMITS.appeal} characters.`),
});
export type AppealInput = z.infer<typeof appealSchema>;

export const reportSearchSchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: `The status must be one of ${REPORT_STATUSES.join(", ")}.` }).default("open"),
  cursor: pageCursorSchema,
  limit: pageLimitSchema,
});
export type ReportSearch = z.infer<typeof reportSearchSchema>;

export const appealSearchSchema = z.object({
  status: z.enum(APPEAL_STATUSES, { error: `The status must be one of ${APPEAL_STATUSES.join(", ")}.` }).default("open"),
  cursor: pageCursorSchema,
  limit: pageLimitSchema,
});
export type AppealSearch = z.infer<typeof appealSearchSchema>;

/** A decision on a report; a removal names the rule it applies (a category; the report's own unless another fits better). */
export const reportDecisionSchema = z.object({
  decision: z.enum(REPORT_DECISIONS, { error: `The decision must be ${REPORT_DECISIONS.join(" or ")}.` }),
  rule: z.enum(REPORT_CATEGORIES, { error: `The rule must be one of ${REPORT_CATEGORIES.join(", ")}.` }).optional(),
  reason: consoleReasonSchema,
});
export type ReportDecisionInput = z.infer<typeof reportDecisionSchema>;

export const appealDecisionSchema = z.object({
  decision: z.enum(APPEAL_DECISIONS, { error: `The decision must be ${APPEAL_DECISIONS.join(" or ")}.` }),
  reason: consoleReasonSchema,
});
export type AppealDecisionInput = z.infer<typeof appealDecisionSchema>;

/** A report as the console lists it. */
export interface AdminReportRow {
  id: string;
  createdAt: string;
  url: string;
  category: string;
  explanation: string;
  reporterName: string | null;
  reporterEmail: string | null;
  status: string;
  decidedAt: string | null;
  decisionRule: string | null;
  decisionNote: string | null;
  /** What the address shows: a share or a file, and whose. */
  target: { kind: "share" | "file" | "none"; ownerId: string | null; ownerEmail: string | null; hidden: boolean; revoked: boolean };
  /** The console's own address of the picture (through the admin gate), or null when there is none. */
  imageUrl: string | null;
  appeal: { id: string; status: string; text: string; createdAt: string } | null;
}

/** An appeal as the console lists it, with the report and removal it contests. */
export interface AdminAppealRow {
  id: string;
  createdAt: string;
  text: string;
  status: string;
  decidedAt: string | null;
  ownerEmail: string | null;
  report: AdminReportRow;
}

/** What POST /api/reports answers. */
export const reportReceiptSchema = z.object({
  id: z.string(),
  status: z.literal("open"),
  hidden: z.boolean().describe("Whether the share was hidden at once, pending review."),
  mailed: z.boolean().describe("Whether a receipt went to the e-mail address given."),
});
