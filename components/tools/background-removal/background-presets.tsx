"use client";
// The five background presets as cards, each with a swatch that hints at the backdrop it gives.
import { Grid2x2, Mountain, Sunset, Trees, Waves, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { ChoiceCards, ChoiceIcon, type ChoiceOption, type ChoicePickerProps } from "@/components/tools/shared-choice-cards";
import { cn } from "@/lib/cn";
import { BACKGROUND_PRESETS, type BackgroundPreset } from "@/lib/imaging/types";

export const SWATCHES: Record<BackgroundPreset, { icon: LucideIcon; className: string }> = {
  none: { icon: Grid2x2, className: "bg-white bg-[repeating-conic-gradient(#d1d5db_0%_25%,transparent_0%_50%)] bg-[length:12px_12px] text-slate-500" },
  mountain: { icon: Mountain, className: "bg-linear-to-b from-sky-300 via-slate-400 to-slate-700 text-white" },
  forest: { icon: Trees, className: "bg-linear-to-b from-lime-200 via-emerald-500 to-green-900 text-white" },
  ocean: { icon: Waves, className: "bg-linear-to-b from-sky-200 via-cyan-500 to-blue-900 text-white" },
  sunset: { icon: Sunset, className: "bg-linear-to-b from-amber-200 via-orange-400 to-fuchsia-700 text-white" },
};

export function BackgroundPresets(picker: ChoicePickerProps<BackgroundPreset>) {
  const t = useTranslations("BackgroundRemoval");
  const options: ChoiceOption<BackgroundPreset>[] = BACKGROUND_PRESETS.map((preset) => ({
    value: preset,
    title: t(`preset_${preset}`),
    visual: <ChoiceIcon icon={SWATCHES[preset].icon} className={cn("h-12 w-full", SWATCHES[preset].className)} iconClassName="drop-shadow-sm" />,
  }));
  return <ChoiceCards label={t("presetsLabel")} options={options} className="grid-cols-3 sm:grid-cols-5 lg:grid-cols-3" {...picker} />;
}
