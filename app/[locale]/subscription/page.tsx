import { SubscriptionScreen } from "@/components/billing/subscription-screen";
import { screenPage } from "@/components/layout/screen-page";
import { billingMode } from "@/lib/billing/config";

// The plans screen starts from how payments run here, so its "not available" notice is in the page.
const page = screenPage("/subscription", "subscriptionTitle", SubscriptionScreen, "subscription", async () => ({ paymentsMode: billingMode() }));
export const generateMetadata = page.generateMetadata;
export default page.Page;
