// /admin: the console's overview of the business (only an admin with a second factor gets past the layout).
import { consolePage } from "@/components/admin/console-page";
import { OverviewScreen } from "@/components/admin/overview-screen";

const page = consolePage("overviewTitle", () => <OverviewScreen />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
