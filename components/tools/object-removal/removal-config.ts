// The two removal tools as configurations of one screen (spec §2, §4). Object removal opens with an
// upload dialog and paints with an adjustable brush once highlighting is switched on; Flux removal
// starts from a dropzone and always paints with its fixed 50 px brush. Each screen brings its own
// texts (its message namespace) and Flux removal its own credit check.
import type { useTranslations } from "next-intl";
import type { MaskStyle } from "@/lib/masks/paint";

/** On-screen brush diameters (spec §9): Object removal's default and its range, Flux removal's fixed 50 px (25 px radius). */
export const OBJECT_REMOVAL_BRUSH = 20;
export const OBJECT_REMOVAL_BRUSH_RANGE = { min: 5, max: 80, step: 1 } as const;
export const FLUX_REMOVAL_BRUSH = 50;

/** The texts of one removal tool: both namespaces have the same keys, apart from those in `keys`. */
export type RemovalTexts = ReturnType<typeof useTranslations>;

export interface RemovalConfig {
  /** Names the page's test ids and its path (for signing up and back). */
  id: "object-removal" | "flux-removal";
  /** The heading and description, in the Pages namespace. */
  title: "objectRemovalTitle" | "fluxRemovalTitle";
  description: "objectRemovalDescription" | "fluxRemovalDescription";
  maskStyle: MaskStyle;
  /** The strokes' colour and the painting's opacity; taps select in the same red. */
  paint: { colour: string; rgb: [number, number, number]; opacity: number };
  /** The first brush size; fixed unless the brush is adjustable. */
  brush: number;
  /**
   * Guided: an upload dialog first, Start/Stop Highlighting, a brush slider and Change Image.
   * Otherwise: a dropzone, painting always on, and New Image.
   */
  guided: boolean;
  /** Keys of the texts that differ between the two. */
  keys: { clear: "clear" | "clearMask"; submit: "removeObject" | "removeObjects"; download: "downloadResult" | "download" };
}

export const OBJECT_REMOVAL: RemovalConfig = {
  id: "object-removal",
  title: "objectRemovalTitle",
  description: "objectRemovalDescription",
  maskStyle: "black-on-white",
  paint: { colour: "#ef4444", rgb: [239, 68, 68], opacity: 0.5 },
  brush: OBJECT_REMOVAL_BRUSH,
  guided: true,
  keys: { clear: "clear", submit: "removeObject", download: "downloadResult" },
};

export const FLUX_REMOVAL: RemovalConfig = {
  id: "flux-removal",
  title: "fluxRemovalTitle",
  description: "fluxRemovalDescription",
  maskStyle: "white-on-black",
  paint: { colour: "#ff0000", rgb: [255, 0, 0], opacity: 0.55 },
  brush: FLUX_REMOVAL_BRUSH,
  guided: false,
  keys: { clear: "clearMask", submit: "removeObjects", download: "download" },
};
