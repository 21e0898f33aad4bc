import { legalPage } from "@/components/legal/legal-page";

const page = legalPage("/terms", "termsTitle", ["termsIntro", "termsContent", "termsCredits", "termsPlans", "termsLiability"], false);
export const generateMetadata = page.generateMetadata;
export default page.Page;
