import { legalPage } from "@/components/legal/legal-page";

const page = legalPage("/contact", "contactTitle", ["contactIntro", "contactBilling"], true);
export const generateMetadata = page.generateMetadata;
export default page.Page;
