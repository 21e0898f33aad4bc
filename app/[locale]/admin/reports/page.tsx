// /admin/reports: reports of shared content and owners' appeals, to remove, dismiss or reverse (each with a reason, audited).
import { consolePage } from "@/components/admin/console-page";
import { ReportsScreen } from "@/components/admin/reports-screen";

const page = consolePage("reportsTitle", () => <ReportsScreen />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
