"use client";
// The five background presets as cards, each with a swatch that hints at the backdrop it gives.
import { useTranslations } from "next-intl";
import { BACKDROP_SWATCHES, useBackdropName } from "@/components/tools/shared-backdrops";
import { ChoiceCards, ChoiceIcon, type ChoiceOption, type ChoicePickerProps } from "@/components/tools/shared-choice-cards";
import { cn } from "@/lib/cn";
import { BACKGROUND_PRESETS, type BackgroundPreset } from "@/lib/imaging/types";

export function BackgroundPresets(picker: ChoicePickerProps<BackgroundPreset>) {
  const t = useTranslations("BackgroundRemoval");
  const backdropName = useBackdropName();
  const options: ChoiceOption<BackgroundPreset>[] = BACKGROUND_PRESETS.map((preset) => ({
    value: preset,
    title: backdropName(preset),
    visual: (
      <ChoiceIcon icon={BACKDROP_SWATCHES[preset].icon} className={cn("h-12 w-full", BACKDROP_SWATCHES[preset].className)} iconClassName="drop-shadow-sm" />
    ),
  }));
  return <ChoiceCards label={t("presetsLabel")} options={options} className="grid-cols-3 sm:grid-cols-5 lg:grid-cols-3" {...picker} />;
}
