import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/subscription", "subscription");
export const generateMetadata = page.generateMetadata;
export default page.Page;
