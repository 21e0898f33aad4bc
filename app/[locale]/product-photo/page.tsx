import { ProductPhotoScreen } from "@/components/tools/product-photo/product-photo-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("productPhoto", ProductPhotoScreen, "productPhoto");
export const generateMetadata = page.generateMetadata;
export default page.Page;
