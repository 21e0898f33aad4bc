"use client";
// The Text Properties panel (spec §2, §5) for the selected text: font size 12–72 in steps of 2, the
// six fonts, normal or bold, the eight colours, the five backgrounds and the three alignments.
import { AlignCenter, AlignLeft, AlignRight, Check } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, type Dispatch, type ReactNode } from "react";
import { SectionCard } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Slider } from "@/components/ui/slider";
import { cn } from "@/lib/cn";
import {
  backgroundId,
  backgroundValue,
  FONT_FAMILIES,
  FONT_SIZE,
  FONT_WEIGHTS,
  TEXT_ALIGNS,
  TEXT_BACKGROUNDS,
  TEXT_COLORS,
  type EditableProperty,
  type TextAlign,
  type TextColor,
  type TextElement,
} from "@/lib/text-overlay/elements";
import { fontStack } from "@/lib/text-overlay/layout";
import type { OverlayAction } from "@/lib/text-overlay/state";
import { OptionGroup, SEGMENTS, SWATCH_CHECKED } from "./option-group";

const COLOUR_NAMES: Record<TextColor, string> = {
  "#ffffff": "white",
  "#000000": "black",
  "#ff0000": "red",
  "#00ff00": "green",
  "#0000ff": "blue",
  "#ffff00": "yellow",
  "#ff00ff": "magenta",
  "#00ffff": "cyan",
};

/** Colours a white tick would vanish on: they get a black one. */
const LIGHT_COLOURS = new Set<TextColor>(["#ffffff", "#ffff00", "#00ff00", "#00ffff"]);

const ALIGN_ICONS: Record<TextAlign, ReactNode> = {
  left: <AlignLeft aria-hidden className="size-4" />,
  center: <AlignCenter aria-hidden className="size-4" />,
  right: <AlignRight aria-hidden className="size-4" />,
};

function Field({ label, children, value }: { label: string; children: (labelId: string) => ReactNode; value?: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label id={id} asChild>
          <span>{label}</span>
        </Label>
        {value && <span className="text-muted-foreground text-sm tabular-nums">{value}</span>}
      </div>
      {children(id)}
    </div>
  );
}

export function TextProperties({ element, dispatch }: { element: TextElement | null; dispatch: Dispatch<OverlayAction> }) {
  const t = useTranslations("TextOverlay");
  const fontId = useId();
  if (!element) {
    return (
      <SectionCard data-testid="text-properties" title={t("propertiesTitle")}>
        <p className="text-muted-foreground text-sm">{t("propertiesEmpty")}</p>
      </SectionCard>
    );
  }
  const set = (property: EditableProperty, value: unknown) => dispatch({ type: "setProperty", id: element.id, property, value });
  const background = backgroundId(element.backgroundColor) ?? "black";

  return (
    <SectionCard data-testid="text-properties" title={t("propertiesTitle")} contentClassName="grid gap-5">
      <Field label={t("fontSize")} value={t("fontSizeValue", { size: element.fontSize })}>
        {(labelId) => (
          <Slider
            aria-labelledby={labelId}
            thumbLabels={[t("fontSize")]}
            value={[element.fontSize]}
            min={FONT_SIZE.min}
            max={FONT_SIZE.max}
            step={FONT_SIZE.step}
            onValueChange={([value]) => set("fontSize", value)}
          />
        )}
      </Field>
      <div className="grid gap-2">
        <Label htmlFor={fontId}>{t("fontFamily")}</Label>
        <NativeSelect
          id={fontId}
          value={element.fontFamily}
          onChange={(event) => set("fontFamily", event.currentTarget.value)}
          style={{ fontFamily: fontStack(element.fontFamily) }}
        >
          {FONT_FAMILIES.map((family) => (
            <option key={family} value={family} style={{ fontFamily: fontStack(family) }}>
              {family}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Field label={t("fontWeight")}>
        {(labelId) => (
          <OptionGroup
            labelId={labelId}
            value={element.fontWeight}
            values={FONT_WEIGHTS}
            onChange={(value) => set("fontWeight", value)}
            className={cn(SEGMENTS.className, "grid-cols-2")}
            itemClassName={SEGMENTS.itemClassName}
            option={(weight) => ({ content: t(`weight_${weight}`), className: cn("px-3 text-sm", weight === "bold" && "font-bold") })}
          />
        )}
      </Field>
      <Field label={t("color")}>
        {(labelId) => (
          <OptionGroup
            labelId={labelId}
            value={element.color}
            values={TEXT_COLORS}
            onChange={(value) => set("color", value)}
            className="flex flex-wrap gap-2"
            itemClassName={cn("flex size-8 items-center justify-center rounded-full border shadow-sm", SWATCH_CHECKED)}
            option={(colour) => ({
              label: t(`color_${COLOUR_NAMES[colour]}`),
              testId: `text-color-${COLOUR_NAMES[colour]}`,
              style: { backgroundColor: colour },
              content: element.color === colour && <Check aria-hidden className="size-4" style={{ color: LIGHT_COLOURS.has(colour) ? "#000" : "#fff" }} />,
            })}
          />
        )}
      </Field>
      <Field label={t("background")}>
        {(labelId) => (
          <OptionGroup
            labelId={labelId}
            value={background}
            values={TEXT_BACKGROUNDS.map((option) => option.id)}
            onChange={(value) => set("backgroundColor", value)}
            className="grid grid-cols-5 gap-2"
            itemClassName={cn("h-8 rounded-md border bg-[repeating-conic-gradient(#d4d4d8_0%_25%,#fff_0%_50%)] bg-[length:10px_10px]", SWATCH_CHECKED)}
            option={(id) => ({
              label: t(`background_${id}`),
              titled: true,
              content: <span aria-hidden className="block size-full rounded-[5px]" style={{ backgroundColor: backgroundValue(id) }} />,
            })}
          />
        )}
      </Field>
      <Field label={t("align")}>
        {(labelId) => (
          <OptionGroup
            labelId={labelId}
            value={element.textAlign}
            values={TEXT_ALIGNS}
            onChange={(value) => set("textAlign", value)}
            className={cn(SEGMENTS.className, "grid-cols-3")}
            itemClassName={cn(SEGMENTS.itemClassName, "flex items-center justify-center")}
            option={(align) => ({ content: ALIGN_ICONS[align], label: t(`align_${align}`), titled: true })}
          />
        )}
      </Field>
    </SectionCard>
  );
}
