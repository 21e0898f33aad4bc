// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/blur-background/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { BlurBackgroundScreen } from "./blur-background-screen";

const screen: ToolScreen = { tool: "blurBackground", Screen: BlurBackgroundScreen };
export default screen;
