import { placeholderPage } from "@/components/layout/placeholder-page";

const page = placeholderPage("/flux-removal", "fluxRemoval");
export const generateMetadata = page.generateMetadata;
export default page.Page;
