import { FileConversionScreen } from "@/components/tools/file-conversion/file-conversion-screen";
import { toolLandingPage } from "@/components/landing/tool-landing-page";

const page = toolLandingPage("fileConversion", FileConversionScreen, "fileConversion");
export const generateMetadata = page.generateMetadata;
export default page.Page;
