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
  /** Names the page's test ids and its path (for signing up and back). */
  id: string;
  /** The heading and description: keys in the Pages namespace. */
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

/** The operation of the registry's tool `toolId`, which must make, charge and file a result. */
export function removalOperation(toolId: string): RemovalOperation {
  const tool = toolById(toolId);
  if (!tool.call || !tool.kind || !tool.gallery) throw new Error(`The tool "${toolId}" has no removal call in the tool registry.`);
  return { call: tool.call, charge: tool.kind as ChargeableOperation, savedAs: tool.gallery };
}
