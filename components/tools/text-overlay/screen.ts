// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/text-overlay/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { TextOverlayScreen } from "./text-overlay-screen";

const screen: ToolScreen = { tool: "textOverlay", Screen: TextOverlayScreen };
export default screen;
