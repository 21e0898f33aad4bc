import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/object-removal", "objectRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
