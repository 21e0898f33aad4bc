"use client";
// The six cartoon styles as cards with a name, a one-line description and an icon.
import { Box, Clapperboard, Shapes, Smile, Sparkles, Tv, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { ChoiceCards, ChoiceIcon, type ChoiceOption, type ChoicePickerProps } from "@/components/tools/shared-choice-cards";
import { CARTOON_STYLES, type CartoonLook } from "@/lib/imaging/types";

const ICONS: Record<CartoonLook, LucideIcon> = { cartoon: Smile, anime: Sparkles, clay: Shapes, "3d": Box, retro: Tv, studio: Clapperboard };

export function StyleCards(picker: ChoicePickerProps<CartoonLook>) {
  const t = useTranslations("CartoonStyle");
  const options: ChoiceOption<CartoonLook>[] = CARTOON_STYLES.map((style) => ({
    value: style,
    title: t(`style_${style}`),
    description: t(`style_${style}_description`),
    visual: <ChoiceIcon icon={ICONS[style]} className="bg-primary/10 text-primary size-9" />,
  }));
  return <ChoiceCards label={t("stylesLabel")} options={options} className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-2" {...picker} />;
}
