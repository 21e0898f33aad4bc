import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/cartoon-style", "cartoonStyle");
export const generateMetadata = page.generateMetadata;
export default page.Page;
