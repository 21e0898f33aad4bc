import { studioPage } from "./studio-page";

const page = studioPage("/", "editor");
export const generateMetadata = page.generateMetadata;
export default page.Page;
