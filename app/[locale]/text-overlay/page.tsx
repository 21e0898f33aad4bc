import { TextOverlayScreen } from "@/components/tools/text-overlay/text-overlay-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("textOverlay", TextOverlayScreen, "textOverlay");
export const generateMetadata = page.generateMetadata;
export default page.Page;
