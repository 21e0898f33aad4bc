// Lists the console's server and its screens share: no server-only code and no zod here, so a screen
// can import them without bringing either into the browser.

/** Why an account is suspended; the refusal and the sign-in page word each one (Auth.suspension*). */
export const SUSPENSION_CATEGORIES = ["abuse", "fraud", "spam", "chargeback", "other"] as const;
export type SuspensionCategory = (typeof SUSPENSION_CATEGORIES)[number];

/** The overview's periods: today, the last 7 days and the last 30 (UTC days). */
export const OVERVIEW_RANGES = ["today", "7d", "30d"] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];

/** The review screen's lists: flagged results waiting for a decision, and those decided each way. */
export const REVIEW_STATUSES = ["pending", "approved", "removed"] as const;
export type ReviewListStatus = (typeof REVIEW_STATUSES)[number];

/** What an operator decides about a flagged result. */
export const REVIEW_DECISIONS = ["approve", "remove"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** Why a result was removed; the owner's statement of reasons words each one (Mail.removalCategory_*). */
export const REMOVAL_CATEGORIES = ["sexual_content", "child_safety", "violence", "illegal", "other"] as const;
export type RemovalCategory = (typeof REMOVAL_CATEGORIES)[number];
