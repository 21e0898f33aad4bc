import { legalPage } from "@/components/legal/legal-page";
import type { Locale } from "@/lib/i18n/locales";
import { legalMetadata } from "@/lib/i18n/metadata";

const page = legalPage(
  "/privacy",
  "privacyTitle",
  ["privacyIntro", "privacyData", "privacyImages", "privacyPayments", "privacyCookies", "privacyRights"],
  false,
);
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  return legalMetadata((await params).locale as Locale, "/privacy", "privacy");
}
export default page.Page;
