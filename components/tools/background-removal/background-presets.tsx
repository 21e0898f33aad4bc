"use client";
// The five background presets as cards, each with a swatch that hints at the backdrop it gives.
import { Grid2x2, Mountain, Sunset, Trees, Waves, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { ChoiceCards, type ChoiceOption } from "@/components/tools/shared-choice-cards";
import { cn } from "@/lib/cn";
import { BACKGROUND_PRESETS, type BackgroundPreset } from "@/lib/imaging/types";

export const SWATCHES: Record<BackgroundPreset, { icon: LucideIcon; className: string }> = {
  none: { icon: Grid2x2, className: "bg-white bg-[repeating-conic-gradient(#d1d5db_0%_25%,transparent_0%_50%)] bg-[length:12px_12px] text-slate-500" },
  mountain: { icon: Mountain, className: "bg-linear-to-b from-sky-300 via-slate-400 to-slate-700 text-white" },
  forest: { icon: Trees, className: "bg-linear-to-b from-lime-200 via-emerald-500 to-green-900 text-white" },
  ocean: { icon: Waves, className: "bg-linear-to-b from-sky-200 via-cyan-500 to-blue-900 text-white" },
  sunset: { icon: Sunset, className: "bg-linear-to-b from-amber-200 via-orange-400 to-fuchsia-700 text-white" },
};

interface BackgroundPresetsProps {
  value: BackgroundPreset | null;
  onChange: (preset: BackgroundPreset) => void;
  disabled?: boolean;
}

export function BackgroundPresets({ value, onChange, disabled }: BackgroundPresetsProps) {
  const t = useTranslations("BackgroundRemoval");
  const options: ChoiceOption<BackgroundPreset>[] = BACKGROUND_PRESETS.map((preset) => {
    const { icon: Icon, className } = SWATCHES[preset];
    return {
      value: preset,
      title: t(`preset_${preset}`),
      visual: (
        <span aria-hidden className={cn("flex h-12 w-full items-center justify-center rounded-md", className)}>
          <Icon className="size-5 drop-shadow-sm" />
        </span>
      ),
    };
  });
  return (
    <ChoiceCards
      label={t("presetsLabel")}
      options={options}
      value={value}
      onChange={onChange}
      disabled={disabled}
      className="grid-cols-3 sm:grid-cols-5 lg:grid-cols-3"
    />
  );
}
