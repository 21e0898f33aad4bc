import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/file-conversion", "fileConversion");
export const generateMetadata = page.generateMetadata;
export default page.Page;
