// Open Graph: the share image of every page without one of its own, in each language, made at build time.
import { shareImageRoute } from "@/components/seo/share-image-route";

const route = shareImageRoute();
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export default route.Image;
