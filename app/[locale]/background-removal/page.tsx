import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/background-removal", "backgroundRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
