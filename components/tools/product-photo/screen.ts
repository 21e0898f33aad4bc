// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/product-photo/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { ProductPhotoScreen } from "./product-photo-screen";

const screen: ToolScreen = { tool: "productPhoto", Screen: ProductPhotoScreen };
export default screen;
