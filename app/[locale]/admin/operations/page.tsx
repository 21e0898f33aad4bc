// /admin/operations: every operation with its outcome and timings; a failed one can be run again or refunded.
import { consolePage } from "@/components/admin/console-page";
import { OperationsScreen } from "@/components/admin/operations-screen";

const page = consolePage("operationsTitle", () => <OperationsScreen />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
