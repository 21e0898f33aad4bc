// The backdrops a cut-out photo can be put in front of (BACKGROUND_PRESETS: "none" keeps it
// transparent, the others are the engine's scenes, lib/imaging/local/backdrops.ts) as the tools show
// them: a swatch that hints at each scene, and its name from the Backdrops messages.
import { Grid2x2, Mountain, Sunset, Trees, Waves, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import type { BackgroundPreset } from "@/lib/imaging/types";

export const BACKDROP_SWATCHES: Record<BackgroundPreset, { icon: LucideIcon; className: string }> = {
  none: { icon: Grid2x2, className: "bg-white bg-[repeating-conic-gradient(#d1d5db_0%_25%,transparent_0%_50%)] bg-[length:12px_12px] text-slate-500" },
  mountain: { icon: Mountain, className: "bg-linear-to-b from-sky-300 via-slate-400 to-slate-700 text-white" },
  forest: { icon: Trees, className: "bg-linear-to-b from-lime-200 via-emerald-500 to-green-900 text-white" },
  ocean: { icon: Waves, className: "bg-linear-to-b from-sky-200 via-cyan-500 to-blue-900 text-white" },
  sunset: { icon: Sunset, className: "bg-linear-to-b from-amber-200 via-orange-400 to-fuchsia-700 text-white" },
};

/** A backdrop's name in the page's language. */
export function useBackdropName(): (backdrop: BackgroundPreset) => string {
  const t = useTranslations("Backdrops");
  return (backdrop) => t(`preset_${backdrop}`);
}
