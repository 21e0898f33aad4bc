import { CartoonStyleScreen } from "@/components/tools/cartoon-style/cartoon-style-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("cartoonStyle", CartoonStyleScreen, "cartoonStyle");
export const generateMetadata = page.generateMetadata;
export default page.Page;
