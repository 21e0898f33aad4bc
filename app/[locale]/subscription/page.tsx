import { SubscriptionScreen } from "@/components/billing/subscription-screen";
import { screenPage } from "@/components/layout/screen-page";
import { billingMode } from "@/lib/billing/config";

// The plans screen starts from how payments run here, so its "not available" notice is in the page.
function Subscription() {
  return <SubscriptionScreen paymentsMode={billingMode()} />;
}

const page = screenPage("/subscription", "subscriptionTitle", Subscription, "subscription");
export const generateMetadata = page.generateMetadata;
export default page.Page;
