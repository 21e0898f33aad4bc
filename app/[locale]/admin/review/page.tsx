// /admin/review: results the image check flagged, to approve or remove (with a statement of reasons to the owner).
import { consolePage } from "@/components/admin/console-page";
import { ReviewScreen } from "@/components/admin/review-screen";

const page = consolePage("reviewTitle", () => <ReviewScreen />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
