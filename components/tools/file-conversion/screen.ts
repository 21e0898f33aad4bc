// The tool page's screen configuration: its registry entry and its client screen, which its page
// (app/[locale]/file-conversion/page.tsx) renders with its landing words (components/landing/tool-landing-page.tsx).
import type { ToolScreen } from "@/components/landing/tool-landing-page";
import { FileConversionScreen } from "./file-conversion-screen";

const screen: ToolScreen = { tool: "fileConversion", Screen: FileConversionScreen };
export default screen;
