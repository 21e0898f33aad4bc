// /admin/review: results the image check flagged, to approve or remove (with a statement of reasons to the owner).
import { setRequestLocale } from "next-intl/server";
import { ConsoleHeading, consoleMetadata } from "@/components/admin/console-page";
import { ReviewScreen } from "@/components/admin/review-screen";
import { ClientScreen } from "@/components/layout/client-screen";

export const generateMetadata = consoleMetadata("reviewTitle");

export default async function ConsoleReviewPage({ params }: { params: Promise<{ locale: string }> }) {
  setRequestLocale((await params).locale);
  return (
    <>
      <ConsoleHeading title="reviewTitle" />
      <ClientScreen name="admin">
        <ReviewScreen />
      </ClientScreen>
    </>
  );
}
