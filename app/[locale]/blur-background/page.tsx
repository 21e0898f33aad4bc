import { BlurBackgroundScreen } from "@/components/tools/blur-background/blur-background-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("blurBackground", BlurBackgroundScreen, "blurBackground");
export const generateMetadata = page.generateMetadata;
export default page.Page;
