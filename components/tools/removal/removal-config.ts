// The shape of one removal tool's configuration of the removal screen (spec §2, §4). Each of the two
// removal tools writes its own in its folder; the screen reads only this shape. A guided tool opens
// with an upload dialog and paints with an adjustable brush once highlighting is switched on; the
// other starts from a dropzone and always paints with one fixed brush. Each screen brings its own
// texts (its message namespace) and may bring its own credit check.
import type { useTranslations } from "next-intl";
import type { ChargeableOperation } from "@/lib/credits/costs";
import type { MaskStyle } from "@/lib/masks/paint";
import { toolById } from "@/lib/tools/registry";
import type { SavedImageTool } from "@/lib/validation/gallery";

/** The texts of one removal tool: the tools' namespaces have the same keys, apart from those in `keys`. */
export type RemovalTexts = ReturnType<typeof useTranslations>;

/** What a removal calls, charges and files its results as: its tool's registry entry says so. */
export interface RemovalOperation {
  call: string;
  charge: ChargeableOperation;
  savedAs: SavedImageTool;
}

export interface RemovalConfig {
  /** The page's internal path without its slash: names its test ids and the way back after signing up. */
  id: string;
  /** The heading and description: keys in the Pages namespace (Pages.<tool id>Title and …Description). */
  title: string;
  description: string;
  operation: RemovalOperation;
  maskStyle: MaskStyle;
  /** The strokes' colour and the painting's opacity; taps select in the same red. */
  paint: { colour: string; rgb: [number, number, number]; opacity: number };
  /** The first brush size (on-screen diameter); fixed unless the brush is adjustable. */
  brush: number;
  /** The brush slider's range; without one the brush is fixed. */
  brushRange?: { min: number; max: number; step: number };
  /**
   * Guided: an upload dialog first, Start/Stop Highlighting and Change Image.
   * Otherwise: a dropzone, painting always on, and New Image.
   */
  guided: boolean;
  /** Keys of the texts that differ between the two. */
  keys: { clear: "clear" | "clearMask"; submit: "removeObject" | "removeObjects"; download: "downloadResult" | "download" };
}

/** What a removal tool's registry entry gives its configuration: its page, its words' keys and its operation. */
export type RemovalTool = Pick<RemovalConfig, "id" | "title" | "description" | "operation">;

/** The registry's tool `toolId`, which must have a page and make, charge and file a result. */
export function removalTool(toolId: string): RemovalTool {
  const tool = toolById(toolId);
  if (!tool.page || !tool.call || !tool.kind || tool.cost === 0 || !tool.gallery) {
    throw new Error(`The tool "${toolId}" has no removal page and call in the tool registry.`);
  }
  return {
    id: tool.page.slugs.en.slice(1),
    title: `${tool.id}Title`,
    description: `${tool.id}Description`,
    operation: { call: tool.call, charge: tool.kind as ChargeableOperation, savedAs: tool.gallery },
  };
}
