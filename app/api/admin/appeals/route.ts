// GET /api/admin/appeals?status=open|upheld|reversed&cursor=&limit=: owners' appeals of removals, newest first.
import { route } from "@/lib/http/route";
import { searchAppeals } from "@/lib/reports/console-list";
import { appealSearchSchema } from "@/lib/validation/reports";

export const GET = route({ auth: "admin", query: appealSearchSchema }, ({ query }) => searchAppeals(query));
