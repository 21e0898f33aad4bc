import { ObjectRemovalScreen } from "@/components/tools/object-removal/object-removal-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("objectRemoval", ObjectRemovalScreen, "objectRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
