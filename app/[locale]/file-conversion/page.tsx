import { FileConversionScreen } from "@/components/tools/file-conversion/file-conversion-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/file-conversion", "fileConversionTitle", FileConversionScreen, "fileConversion");
export const generateMetadata = page.generateMetadata;
export default page.Page;
