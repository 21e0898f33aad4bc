import { BackgroundRemovalScreen } from "@/components/tools/background-removal/background-removal-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/background-removal", "backgroundRemovalTitle", BackgroundRemovalScreen, "backgroundRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
