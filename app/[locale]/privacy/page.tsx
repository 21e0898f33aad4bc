import { legalPage } from "@/components/legal/legal-page";

const page = legalPage(
  "/privacy",
  "privacyTitle",
  ["privacyIntro", "privacyData", "privacyImages", "privacyPayments", "privacyCookies", "privacyRights"],
  false,
);
export const generateMetadata = page.generateMetadata;
export default page.Page;
