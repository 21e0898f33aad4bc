import { TextOverlayScreen } from "@/components/tools/text-overlay/text-overlay-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/text-overlay", "textOverlayTitle", TextOverlayScreen, "textOverlay");
export const generateMetadata = page.generateMetadata;
export default page.Page;
