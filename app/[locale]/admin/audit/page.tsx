// /admin/audit: the audit trail, filtered, and its CSV export.
import { AuditScreen } from "@/components/admin/audit-screen";
import { consolePage } from "@/components/admin/console-page";

const page = consolePage("auditTitle", () => <AuditScreen />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
