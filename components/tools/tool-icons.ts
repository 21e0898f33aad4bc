// The tool registry names each tool's icon by a word (lib stays free of React); these are the lucide
// icons the words stand for.
import { Aperture, Eraser, Expand, Maximize2, Package, Palette, RefreshCw, Scissors, Sparkles, Type, Wand2, type LucideIcon } from "lucide-react";
import type { ToolIconName } from "@/lib/tools/types";

export const TOOL_ICONS: Record<ToolIconName, LucideIcon> = {
  sparkles: Sparkles,
  wand: Wand2,
  eraser: Eraser,
  scissors: Scissors,
  palette: Palette,
  maximize: Maximize2,
  expand: Expand,
  aperture: Aperture,
  package: Package,
  type: Type,
  refresh: RefreshCw,
};
