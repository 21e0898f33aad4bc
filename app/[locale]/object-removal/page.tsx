import { toolLandingPage } from "@/components/landing/tool-landing-page";
import screen from "@/components/tools/object-removal/screen";

const page = toolLandingPage(screen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
