// Lists the console's server and its screens share: no server-only code and no zod here, so a screen
// can import them without bringing either into the browser.

/** Why an account is suspended; the refusal and the sign-in page word each one (Auth.suspension*). */
export const SUSPENSION_CATEGORIES = ["abuse", "fraud", "spam", "chargeback", "other"] as const;
export type SuspensionCategory = (typeof SUSPENSION_CATEGORIES)[number];

/** The overview's periods: today, the last 7 days and the last 30 (UTC days). */
export const OVERVIEW_RANGES = ["today", "7d", "30d"] as const;
export type OverviewRange = (typeof OVERVIEW_RANGES)[number];
