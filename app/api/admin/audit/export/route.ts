// GET /api/admin/audit/export?actor=&action=&target=&from=&to=: the audit log as a CSV file (lib/admin/audit-csv.ts).
import { auditCsvStream, auditExportName } from "@/lib/admin/audit-csv";
import { route } from "@/lib/http/route";
import { auditExportSchema } from "@/lib/validation/admin";

export const GET = route(
  { auth: "admin", query: auditExportSchema },
  ({ query }) =>
    new Response(auditCsvStream(query), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${auditExportName()}"`,
        "Cache-Control": "no-store",
      },
    }),
);
