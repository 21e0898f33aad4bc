"use client";
// The six cartoon styles as cards with a name, a one-line description and an icon.
import { Box, Clapperboard, Shapes, Smile, Sparkles, Tv, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { ChoiceCards, type ChoiceOption } from "@/components/tools/shared-choice-cards";
import { CARTOON_STYLES, type CartoonStyle } from "@/lib/imaging/types";

const ICONS: Record<CartoonStyle, LucideIcon> = { cartoon: Smile, anime: Sparkles, clay: Shapes, "3d": Box, retro: Tv, studio: Clapperboard };

interface StyleCardsProps {
  value: CartoonStyle | null;
  onChange: (style: CartoonStyle) => void;
  disabled?: boolean;
}

export function StyleCards({ value, onChange, disabled }: StyleCardsProps) {
  const t = useTranslations("CartoonStyle");
  const options: ChoiceOption<CartoonStyle>[] = CARTOON_STYLES.map((style) => {
    const Icon = ICONS[style];
    return {
      value: style,
      title: t(`style_${style}`),
      description: t(`style_${style}_description`),
      visual: (
        <span aria-hidden className="bg-primary/10 text-primary flex size-9 items-center justify-center rounded-md">
          <Icon className="size-5" />
        </span>
      ),
    };
  });
  return (
    <ChoiceCards
      label={t("stylesLabel")}
      options={options}
      value={value}
      onChange={onChange}
      disabled={disabled}
      className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-2"
    />
  );
}
