import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/gallery", "gallery");
export const generateMetadata = page.generateMetadata;
export default page.Page;
