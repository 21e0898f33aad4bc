// Open Graph: each tool page's share image, in each language, made at build time from the registry.
// The pages are folders of their own (app/[locale]/<path>, for their client code); a share image has
// none, so this one route makes them all, and any other path here is a 404.
import { toolShareImageRoute } from "@/components/seo/share-image-route";

const route = toolShareImageRoute();
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";
export const dynamicParams = false;
export const generateStaticParams = route.generateStaticParams;
export default route.Image;
