import { studioPage } from "../studio-page";

const page = studioPage("/editor", "editor");
export const generateMetadata = page.generateMetadata;
export default page.Page;
