// What a report and its decisions may hold, shared by the /report form, the console's Reports screen
// and the server: no zod and no server code here, so a screen reads them without either.

/** The categories of the notice form (DSA Art. 16), as the database's ReportCategory names them. */
export const REPORT_CATEGORIES = ["illegal", "child_sexual_abuse", "intellectual_property", "violence_terrorism", "privacy", "other"] as const;
export type ReportCategoryValue = (typeof REPORT_CATEGORIES)[number];

/** The one category whose reporter may stay anonymous, and which hides the share at once. */
export const MINORS_CATEGORY = "child_sexual_abuse" satisfies ReportCategoryValue;

export const REPORT_LIMITS = {
  address: 2048,
  explanationMin: 10,
  explanation: 4000,
  name: 200,
  email: 254,
  appealMin: 10,
  appeal: 4000,
} as const;

/** The console's report lists, and what it decides about one. */
export const REPORT_STATUSES = ["open", "removed", "dismissed"] as const;
export type ReportStatusValue = (typeof REPORT_STATUSES)[number];
export const REPORT_DECISIONS = ["remove", "dismiss"] as const;
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** The console's appeal lists, and what it decides about one. */
export const APPEAL_STATUSES = ["open", "upheld", "reversed"] as const;
export type AppealStatusValue = (typeof APPEAL_STATUSES)[number];
export const APPEAL_DECISIONS = ["uphold", "reverse"] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];
