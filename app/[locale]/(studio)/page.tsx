import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/", "editor");
export const generateMetadata = page.generateMetadata;
export default page.Page;
