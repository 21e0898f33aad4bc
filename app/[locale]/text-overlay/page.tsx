import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/text-overlay", "textOverlay");
export const generateMetadata = page.generateMetadata;
export default page.Page;
