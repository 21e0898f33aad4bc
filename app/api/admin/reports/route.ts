// GET /api/admin/reports?status=open|removed|dismissed&cursor=&limit=: reports, newest first.
import { route } from "@/lib/http/route";
import { searchReports } from "@/lib/reports/console-list";
import { reportSearchSchema } from "@/lib/validation/reports";

export const GET = route({ auth: "admin", query: reportSearchSchema }, ({ query }) => searchReports(query));
