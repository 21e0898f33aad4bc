"use client";
// The expand screen's options: the frame (five aspects or custom margins), the pixels per side for
// a custom frame, and the optional prompt for what the new borders show.
import { useTranslations } from "next-intl";
import { ChoiceField } from "@/components/tools/shared-choice-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { MAX_EXPAND_SIDE } from "@/lib/imaging/expand-frame";
import type { Margins } from "@/lib/imaging/types";
import { PROMPT_MAX } from "@/lib/validation/limits";
import { EXPAND_FRAMES, EXPAND_SIDES, type ExpandChoice } from "./expand-choice";

interface ExpandOptionsProps {
  choice: ExpandChoice;
  onChange: (choice: ExpandChoice) => void;
  disabled: boolean;
}

/** A typed side as the call takes it: whole pixels from 0 to the most a side may grow. */
function sideValue(text: string): number {
  const value = Math.floor(Number(text));
  return Number.isFinite(value) ? Math.min(Math.max(0, value), MAX_EXPAND_SIDE) : 0;
}

export function ExpandOptions({ choice, onChange, disabled }: ExpandOptionsProps) {
  const t = useTranslations("Expand");
  const tf = useTranslations("FillTools");
  const setSide = (side: keyof Margins, text: string) => onChange({ ...choice, sides: { ...choice.sides, [side]: sideValue(text) } });
  return (
    <>
      <ChoiceField
        heading={tf("aspect")}
        columns="grid-cols-3"
        value={choice.frame}
        onChange={(frame) => onChange({ ...choice, frame })}
        disabled={disabled}
        options={EXPAND_FRAMES.map((frame) => ({ value: frame, title: frame === "custom" ? t("aspect_custom") : frame }))}
      />
      {choice.frame === "custom" && (
        <fieldset className="grid gap-2" disabled={disabled}>
          <legend className="text-muted-foreground mb-2 text-xs">{t("sidesHint", { max: MAX_EXPAND_SIDE })}</legend>
          <div className="grid grid-cols-2 gap-3">
            {EXPAND_SIDES.map((side) => (
              <div key={side} className="grid gap-1">
                <Label htmlFor={`expand-${side}`}>{t(`side_${side}`)}</Label>
                <Input
                  id={`expand-${side}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_EXPAND_SIDE}
                  step={1}
                  value={choice.sides[side] || ""}
                  placeholder="0"
                  onChange={(event) => setSide(side, event.currentTarget.value)}
                />
              </div>
            ))}
          </div>
        </fieldset>
      )}
      <div className="grid gap-2">
        <Label htmlFor="expand-prompt">{tf("prompt")}</Label>
        <Textarea
          id="expand-prompt"
          value={choice.prompt}
          maxLength={PROMPT_MAX}
          rows={2}
          onChange={(event) => onChange({ ...choice, prompt: event.currentTarget.value })}
          disabled={disabled}
        />
      </div>
    </>
  );
}
