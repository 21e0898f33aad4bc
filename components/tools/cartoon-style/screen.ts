// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/cartoon-style/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { CartoonStyleScreen } from "./cartoon-style-screen";

const screen: ToolScreen = { tool: "cartoonStyle", Screen: CartoonStyleScreen };
export default screen;
