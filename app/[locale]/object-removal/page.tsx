import { ObjectRemovalScreen } from "@/components/tools/object-removal/object-removal-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/object-removal", "objectRemovalTitle", ObjectRemovalScreen, "objectRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
