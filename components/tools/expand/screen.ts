// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/expand/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { ExpandScreen } from "./expand-screen";

const screen: ToolScreen = { tool: "expand", Screen: ExpandScreen };
export default screen;
