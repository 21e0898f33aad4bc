import { BackgroundRemovalScreen } from "@/components/tools/background-removal/background-removal-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("backgroundRemoval", BackgroundRemovalScreen, "backgroundRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
