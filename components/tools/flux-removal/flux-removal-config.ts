// Flux removal's configuration of the removal screen (components/tools/removal, spec §2): a dropzone
// first, painting always on with a fixed 50 px brush; the photo's mask is white on black.
import { removalTool, type RemovalConfig } from "@/components/tools/removal/removal-config";

/** The on-screen brush diameter (spec §9): a fixed 50 px (25 px radius). */
export const FLUX_REMOVAL_BRUSH = 50;

export const FLUX_REMOVAL: RemovalConfig = {
  ...removalTool("fluxRemoval"),
  maskStyle: "white-on-black",
  paint: { colour: "#ff0000", rgb: [255, 0, 0], opacity: 0.55 },
  brush: FLUX_REMOVAL_BRUSH,
  guided: false,
  keys: { clear: "clearMask", submit: "removeObjects", download: "download" },
};
