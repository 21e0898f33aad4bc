// GET /api/admin/audit?actor=&action=&target=&from=&to=&cursor=&limit=: the audit log, newest first.
import { searchAudit } from "@/lib/admin/audit";
import { route } from "@/lib/http/route";
import { auditSearchSchema } from "@/lib/validation/admin";

export const GET = route({ auth: "admin", query: auditSearchSchema }, ({ query }) => searchAudit(query));
