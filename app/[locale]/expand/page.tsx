import { ExpandScreen } from "@/components/tools/expand/expand-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("expand", ExpandScreen, "expand");
export const generateMetadata = page.generateMetadata;
export default page.Page;
