import { UpscaleScreen } from "@/components/tools/upscale/upscale-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("upscale", UpscaleScreen, "upscale");
export const generateMetadata = page.generateMetadata;
export default page.Page;
