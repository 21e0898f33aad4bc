// The report form's own checks before it sends, as the server makes them (lib/validation/reports.ts,
// lib/reports/submit.ts), so a visitor sees each problem beside its field, in their language.
import { MINORS_CATEGORY, REPORT_CATEGORIES, REPORT_LIMITS, type ReportCategoryValue } from "@/lib/reports/report-values";

export type ReportField = "url" | "category" | "explanation" | "name" | "email" | "goodFaith";
/** Each failing field's message key (Report.errors.*). */
export type ReportProblems = Partial<Record<ReportField, string>>;

export interface ReportDraft {
  url: string;
  category: string;
  explanation: string;
  name: string;
  email: string;
  goodFaith: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isCategory = (value: string): value is ReportCategoryValue => (REPORT_CATEGORIES as readonly string[]).includes(value);

export function reportProblems(draft: ReportDraft): ReportProblems {
  const problems: ReportProblems = {};
  const contactOptional = draft.category === MINORS_CATEGORY;
  if (!draft.url.trim()) problems.url = "urlMissing";
  else if (draft.url.trim().length > REPORT_LIMITS.address) problems.url = "urlTooLong";
  if (!isCategory(draft.category)) problems.category = "categoryMissing";
  const explanation = draft.explanation.trim();
  if (explanation.length < REPORT_LIMITS.explanationMin) problems.explanation = "explanationShort";
  else if (explanation.length > REPORT_LIMITS.explanation) problems.explanation = "explanationLong";
  if (!draft.name.trim() && !contactOptional) problems.name = "nameMissing";
  else if (draft.name.trim().length > REPORT_LIMITS.name) problems.name = "nameLong";
  if (!draft.email.trim()) {
    if (!contactOptional) problems.email = "emailMissing";
  } else if (!EMAIL.test(draft.email.trim()) || draft.email.trim().length > REPORT_LIMITS.email) problems.email = "emailInvalid";
  if (!draft.goodFaith) problems.goodFaith = "goodFaithMissing";
  return problems;
}
