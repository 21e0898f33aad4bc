import { UpscaleScreen } from "@/components/tools/upscale/upscale-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/upscale", "upscaleTitle", UpscaleScreen, "upscale");
export const generateMetadata = page.generateMetadata;
export default page.Page;
