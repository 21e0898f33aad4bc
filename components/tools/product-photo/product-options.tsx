"use client";
// The product photo options: the marketplace size (or a custom canvas), the background (white, a
// colour, or one of the backdrop scenes), the shadow, the border, and the product's size
// and position (also moved by dragging it in the preview).
import { useTranslations } from "next-intl";
import { useBackdropName } from "@/components/tools/shared-backdrops";
import { ChoiceField } from "@/components/tools/shared-choice-field";
import { RangeField } from "@/components/tools/shared-range-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { MAX_PRODUCT_MARGIN, PRODUCT_PRESET_NAMES, PRODUCT_SCALE, PRODUCT_SIDE } from "@/lib/imaging/product-presets";
import { PRODUCT_SHADOWS } from "@/lib/imaging/product-presets";
import { BACKGROUND_PRESETS } from "@/lib/imaging/types";
import { backgroundValue, presetMargin, type ProductBackdrop, type ProductChoice } from "./product-choice";

interface ProductOptionsProps {
  choice: ProductChoice;
  onChange: (choice: ProductChoice) => void;
  disabled: boolean;
}

const BACKDROPS = BACKGROUND_PRESETS.filter((preset): preset is ProductBackdrop => preset !== "none");
const DEFAULT_COLOUR = "#f5f5f5";

export function ProductOptions({ choice, onChange, disabled }: ProductOptionsProps) {
  const t = useTranslations("ProductPhoto");
  const tf = useTranslations("FillTools");
  const backdropName = useBackdropName();
  const set = (change: Partial<ProductChoice>) => onChange({ ...choice, ...change });
  const background = choice.background;
  const backgroundKey = background.kind === "colour" ? "colour" : backgroundValue(background);

  return (
    <>
      <ChoiceField
        heading={t("presetLabel")}
        columns="grid-cols-2"
        value={choice.preset}
        onChange={(preset) => set({ preset, margin: presetMargin(preset) })}
        disabled={disabled}
        options={PRODUCT_PRESET_NAMES.map((preset) => ({ value: preset, title: tf(`preset_${preset}`) }))}
      >
        {choice.preset === "custom" && (
          <fieldset className="grid grid-cols-2 gap-3" disabled={disabled}>
            {(["width", "height"] as const).map((side) => (
              <div key={side} className="grid gap-1">
                <Label htmlFor={`product-${side}`}>{t(side)}</Label>
                <Input
                  id={`product-${side}`}
                  type="number"
                  inputMode="numeric"
                  min={PRODUCT_SIDE.min}
                  max={PRODUCT_SIDE.max}
                  step={1}
                  value={choice[side] || ""}
                  onChange={(event) => set({ [side]: Math.floor(Number(event.currentTarget.value)) || 0 })}
                />
              </div>
            ))}
            <p className="text-muted-foreground col-span-2 text-xs">{t("customSizeHint", { min: PRODUCT_SIDE.min, max: PRODUCT_SIDE.max })}</p>
          </fieldset>
        )}
      </ChoiceField>
      <ChoiceField
        heading={tf("background")}
        columns="grid-cols-3"
        value={backgroundKey}
        onChange={(value) => {
          if (value === "white") set({ background: { kind: "white" } });
          else if (value === "colour") set({ background: { kind: "colour", colour: DEFAULT_COLOUR } });
          else set({ background: { kind: "backdrop", backdrop: value as ProductBackdrop } });
        }}
        disabled={disabled}
        options={[
          { value: "white", title: tf("backgroundWhite") },
          { value: "colour", title: t("colour") },
          ...BACKDROPS.map((backdrop) => ({ value: backdrop, title: backdropName(backdrop) })),
        ]}
      >
        {background.kind === "colour" && (
          <div className="flex items-center gap-3">
            <Label htmlFor="product-colour">{t("colour")}</Label>
            <input
              id="product-colour"
              type="color"
              value={background.colour}
              onChange={(event) => set({ background: { kind: "colour", colour: event.currentTarget.value } })}
              disabled={disabled}
              className="h-9 w-14 cursor-pointer rounded border"
            />
            <span className="text-muted-foreground font-mono text-xs">{background.colour}</span>
          </div>
        )}
      </ChoiceField>
      <ChoiceField
        heading={tf("shadow")}
        columns="grid-cols-3"
        value={choice.shadow}
        onChange={(shadow) => set({ shadow })}
        disabled={disabled}
        options={PRODUCT_SHADOWS.map((shadow) => ({ value: shadow, title: tf(`shadow_${shadow}`) }))}
      />
      <RangeField
        label={tf("margin")}
        valueText={t("marginValue", { value: choice.margin })}
        value={choice.margin}
        min={0}
        max={MAX_PRODUCT_MARGIN}
        step={0.5}
        onChange={(margin) => set({ margin })}
        disabled={disabled}
        testId="product-margin"
      />
      <div className="grid gap-2">
        <h2 className="text-sm font-semibold">{t("placement")}</h2>
        <RangeField
          label={t("scale")}
          valueText={t("marginValue", { value: Math.round(choice.scale * 100) })}
          value={choice.scale}
          min={PRODUCT_SCALE.min}
          max={PRODUCT_SCALE.max}
          step={0.05}
          onChange={(scale) => set({ scale })}
          disabled={disabled}
          testId="product-scale"
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={disabled || (choice.offsetX === 0 && choice.offsetY === 0 && choice.scale === 1)}
          onClick={() => set({ offsetX: 0, offsetY: 0, scale: 1 })}
        >
          {t("centre")}
        </Button>
      </div>
    </>
  );
}
