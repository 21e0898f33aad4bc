// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/background-removal/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { BackgroundRemovalScreen } from "./background-removal-screen";

const screen: ToolScreen = { tool: "backgroundRemoval", Screen: BackgroundRemovalScreen };
export default screen;
