import { legalPage } from "@/components/legal/legal-page";
import type { Locale } from "@/lib/i18n/locales";
import { legalMetadata } from "@/lib/i18n/metadata";

const page = legalPage("/contact", "contactTitle", ["contactIntro", "contactBilling"], true);
export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  return legalMetadata((await params).locale as Locale, "/contact", "contact");
}
export default page.Page;
