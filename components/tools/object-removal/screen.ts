// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/object-removal/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { ObjectRemovalScreen } from "./object-removal-screen";

const screen: ToolScreen = { tool: "objectRemoval", Screen: ObjectRemovalScreen };
export default screen;
