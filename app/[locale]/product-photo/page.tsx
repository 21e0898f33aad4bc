import { toolLandingPage } from "@/components/landing/tool-landing-page";
import screen from "@/components/tools/product-photo/screen";

const page = toolLandingPage(screen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
