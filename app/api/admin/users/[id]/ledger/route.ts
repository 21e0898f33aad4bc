// GET /api/admin/users/{id}/ledger?cursor=&limit=: the account's credit ledger, newest first, at most
// 100 rows a page (50 when not asked); nextCursor names the next page, null after the last.
import { accountLedger } from "@/lib/admin/account-detail";
import { route } from "@/lib/http/route";
import { ledgerQuerySchema } from "@/lib/validation/admin-actions";

export const GET = route<undefined, "admin", { id: string }, typeof ledgerQuerySchema>({ auth: "admin", query: ledgerQuerySchema }, ({ params, query }) =>
  accountLedger(params.id, query),
);
