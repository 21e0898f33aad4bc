// What the console's calls answer, by the names the screens use: the shapes are the API's own
// (lib/validation/admin.ts, lib/validation/admin-actions.ts), imported as types only.
import type { AdminAccountDetail, AdminLedgerRow } from "@/lib/validation/admin-actions";
import type { AdminAuditRow, AdminOperationRow, AdminReviewRow, OverviewFigures, OverviewRange } from "@/lib/validation/admin";

export type { OverviewRange };
export type Overview = OverviewFigures;
export type DailyFigures = OverviewFigures["daily"][number];
export type AdminOperation = AdminOperationRow;
export type AuditEntry = AdminAuditRow;
export type AdminUserDetail = AdminAccountDetail;
export type LedgerEntry = AdminLedgerRow;
export type ReviewItem = AdminReviewRow;

export { OVERVIEW_RANGES, REMOVAL_CATEGORIES, REVIEW_STATUSES, SUSPENSION_CATEGORIES, type ReviewListStatus } from "@/lib/admin/console-values";
