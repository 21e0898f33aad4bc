"use client";
// The Text Properties panel (spec §2, §5) for the selected text: font size 12–72 in steps of 2, the
// six fonts, normal or bold, the eight colours, the five backgrounds and the three alignments.
import { AlignCenter, AlignLeft, AlignRight, Check } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, type Dispatch, type ReactNode } from "react";
import { SectionCard } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { NativeSelect } from "@/components/ui/native-select";
import { Slider } from "@/components/ui/slider";
import { cn } from "@/lib/cn";
import {
  backgroundId,
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

const ALIGN_ICONS: Record<TextAlign, ReactNode> = {
  left: <AlignLeft aria-hidden className="size-4" />,
  center: <AlignCenter aria-hidden className="size-4" />,
  right: <AlignRight aria-hidden className="size-4" />,
};

const itemClass = "focus-visible:ring-ring cursor-pointer outline-none transition-colors focus-visible:ring-2 focus-visible:ring-offset-2";

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

interface SegmentsProps<Value extends string> {
  labelId: string;
  value: Value;
  values: readonly Value[];
  onChange: (value: Value) => void;
  /** The grid of the segments, e.g. "grid-cols-2". */
  columns: string;
  /** A segment's content, its name when the content is an icon, and its own classes. */
  segment: (value: Value) => { content: ReactNode; label?: string; className?: string };
}

/** A row of segments of which one is chosen (the font weight, the alignment). */
function Segments<Value extends string>({ labelId, value, values, onChange, columns, segment }: SegmentsProps<Value>) {
  return (
    <RadioGroup
      aria-labelledby={labelId}
      value={value}
      onValueChange={(next) => onChange(next as Value)}
      className={cn("bg-muted grid gap-1 rounded-lg p-1", columns)}
    >
      {values.map((option) => {
        const { content, label, className } = segment(option);
        return (
          <RadioGroupItem
            key={option}
            value={option}
            aria-label={label}
            title={label}
            className={cn(itemClass, "data-[state=checked]:bg-background rounded-md py-1.5 data-[state=checked]:shadow-sm", className)}
          >
            {content}
          </RadioGroupItem>
        );
      })}
    </RadioGroup>
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
          <Segments
            labelId={labelId}
            value={element.fontWeight}
            values={FONT_WEIGHTS}
            onChange={(value) => set("fontWeight", value)}
            columns="grid-cols-2"
            segment={(weight) => ({ content: t(`weight_${weight}`), className: cn("px-3 text-sm", weight === "bold" && "font-bold") })}
          />
        )}
      </Field>
      <Field label={t("color")}>
        {(labelId) => (
          <RadioGroup aria-labelledby={labelId} value={element.color} onValueChange={(value) => set("color", value)} className="flex flex-wrap gap-2">
            {TEXT_COLORS.map((colour) => (
              <RadioGroupItem
                key={colour}
                value={colour}
                aria-label={t(`color_${COLOUR_NAMES[colour]}`)}
                data-testid={`text-color-${COLOUR_NAMES[colour]}`}
                className={cn(
                  itemClass,
                  "flex size-8 items-center justify-center rounded-full border shadow-sm data-[state=checked]:ring-2 data-[state=checked]:ring-sky-500 data-[state=checked]:ring-offset-2",
                )}
                style={{ backgroundColor: colour }}
              >
                {element.color === colour && (
                  <Check
                    aria-hidden
                    className="size-4"
                    style={{ color: colour === "#ffffff" || colour === "#ffff00" || colour === "#00ff00" || colour === "#00ffff" ? "#000" : "#fff" }}
                  />
                )}
              </RadioGroupItem>
            ))}
          </RadioGroup>
        )}
      </Field>
      <Field label={t("background")}>
        {(labelId) => (
          <RadioGroup aria-labelledby={labelId} value={background} onValueChange={(value) => set("backgroundColor", value)} className="grid grid-cols-5 gap-2">
            {TEXT_BACKGROUNDS.map((option) => (
              <RadioGroupItem
                key={option.id}
                value={option.id}
                aria-label={t(`background_${option.id}`)}
                title={t(`background_${option.id}`)}
                className={cn(
                  itemClass,
                  "h-8 rounded-md border bg-[repeating-conic-gradient(#d4d4d8_0%_25%,#fff_0%_50%)] bg-[length:10px_10px] data-[state=checked]:ring-2 data-[state=checked]:ring-sky-500 data-[state=checked]:ring-offset-2",
                )}
              >
                <span aria-hidden className="block size-full rounded-[5px]" style={{ backgroundColor: option.value }} />
              </RadioGroupItem>
            ))}
          </RadioGroup>
        )}
      </Field>
      <Field label={t("align")}>
        {(labelId) => (
          <Segments
            labelId={labelId}
            value={element.textAlign}
            values={TEXT_ALIGNS}
            onChange={(value) => set("textAlign", value)}
            columns="grid-cols-3"
            segment={(align) => ({ content: ALIGN_ICONS[align], label: t(`align_${align}`), className: "flex items-center justify-center" })}
          />
        )}
      </Field>
    </SectionCard>
  );
}
