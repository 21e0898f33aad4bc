// Object removal's configuration of the removal screen (components/tools/removal, spec §2, §4): an
// upload dialog first, then an adjustable brush once highlighting is switched on; the photo's mask is
// black on white.
import { removalTool, type RemovalConfig } from "@/components/tools/removal/removal-config";

/** The on-screen brush diameter (spec §9): its default and the slider's range. */
export const OBJECT_REMOVAL_BRUSH = 20;
export const OBJECT_REMOVAL_BRUSH_RANGE = { min: 5, max: 80, step: 1 } as const;

export const OBJECT_REMOVAL: RemovalConfig = {
  ...removalTool("objectRemoval"),
  maskStyle: "black-on-white",
  paint: { colour: "#ef4444", rgb: [239, 68, 68], opacity: 0.5 },
  brush: OBJECT_REMOVAL_BRUSH,
  brushRange: OBJECT_REMOVAL_BRUSH_RANGE,
  guided: true,
  keys: { clear: "clear", submit: "removeObject", download: "downloadResult" },
};
