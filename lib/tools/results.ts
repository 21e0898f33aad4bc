// The registry's tables about results (lib/tools/derive.ts has the rest): which kinds of operation make
// one, the stages the screens name in words, and how the gallery files and shows saved ones. Apart
// from the tables every page reads (slugs, prices), so that a page's scripts carry only the
// functions its screens use.
import { TOOLS } from "./registry";
import type { ToolEntry } from "./types";

type Registry = readonly ToolEntry[];

/** The values of one field, in the registry's order, each once. */
function distinct<T>(values: Array<T | null | undefined>): T[] {
  return [...new Set(values.filter((value): value is T => value !== null && value !== undefined))];
}

/** The operation kinds that make a picture someone may want back. */
export function resultKindsOf(tools: Registry = TOOLS): string[] {
  return distinct(tools.map((tool) => (tool.makesResult ? tool.kind : null)));
}

/** The stages the screens name in words (Imaging.stage_<stage>). */
export function shownStagesOf(tools: Registry = TOOLS): string[] {
  return distinct(tools.map((tool) => (tool.makesResult ? tool.stage : null)));
}

/** The gallery's tool names (the SavedImageTool enum's values). */
export function galleryToolsOf(tools: Registry = TOOLS): string[] {
  return distinct(tools.map((tool) => tool.gallery));
}

/** Each gallery tool's icon: the first tool filed under it gives it. */
export function galleryIconsOf(tools: Registry = TOOLS): Record<string, ToolEntry["icon"]> {
  const icons: Record<string, ToolEntry["icon"]> = {};
  for (const tool of tools) if (tool.gallery) icons[tool.gallery] ??= tool.icon;
  return icons;
}
