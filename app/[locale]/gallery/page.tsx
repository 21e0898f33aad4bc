import { GalleryScreen } from "@/components/gallery/gallery-screen";
import { screenPage } from "@/components/layout/screen-page";

const page = screenPage("/gallery", "galleryTitle", GalleryScreen, "gallery");
export const generateMetadata = page.generateMetadata;
export default page.Page;
