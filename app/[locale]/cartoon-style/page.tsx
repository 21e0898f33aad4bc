import { CartoonStyleScreen } from "@/components/tools/cartoon-style/cartoon-style-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/cartoon-style", "cartoonStyleTitle", CartoonStyleScreen, "cartoonStyle");
export const generateMetadata = page.generateMetadata;
export default page.Page;
