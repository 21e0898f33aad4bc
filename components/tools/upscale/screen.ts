// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/upscale/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { UpscaleScreen } from "./upscale-screen";

const screen: ToolScreen = { tool: "upscale", Screen: UpscaleScreen };
export default screen;
