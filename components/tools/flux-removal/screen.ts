// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/flux-removal/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { FluxRemovalScreen } from "./flux-removal-screen";

const screen: ToolScreen = { tool: "fluxRemoval", Screen: FluxRemovalScreen };
export default screen;
