// The gallery renders per request: what shows under its title (sign in, upgrade, or the images)
// depends on who asks, and in the first paint it is the right one rather than a spinner.
import { GalleryScreen } from "@/components/gallery/gallery-screen";
import { screenPage } from "@/components/layout/screen-page";
import { getCurrentUser } from "@/lib/auth/current-user";

const page = screenPage("/gallery", "galleryTitle", GalleryScreen, "gallery", async () => ({ serverTier: (await getCurrentUser())?.tier ?? null }));
export const generateMetadata = page.generateMetadata;
export default page.Page;
