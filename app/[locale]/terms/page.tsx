import { legalPage } from "@/components/legal/legal-page";
import type { Locale } from "@/lib/i18n/locales";
import { legalMetadata } from "@/lib/i18n/metadata";

const page = legalPage("/terms", "termsTitle", ["termsIntro", "termsContent", "termsCredits", "termsPlans", "termsLiability"], false);
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  return legalMetadata((await params).locale as Locale, "/terms", "terms");
}
export default page.Page;
