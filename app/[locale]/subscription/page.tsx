import { SubscriptionScreen } from "@/components/billing/subscription-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/subscription", "subscriptionTitle", SubscriptionScreen, "subscription");
export const generateMetadata = page.generateMetadata;
export default page.Page;
