"use client";
// A labelled slider with its value beside the label, on the platform's own range input (lighter than
// a radix slider and fully accessible: keys, touch and screen readers come with the browser).
import { useId } from "react";
import { Slider } from "@/components/ui/slider";

interface RangeFieldProps {
  label: string;
  /** The value as people read it ("5 of 10", "12 %"). */
  valueText: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  onChange: (value: number) => void;
  disabled?: boolean;
  /** Words under the two ends, when the numbers alone do not say which way is which. */
  ends?: [string, string];
  testId?: string;
}

export function RangeField({ label, valueText, value, min, max, step = 1, onChange, disabled, ends, testId }: RangeFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        <span className="text-muted-foreground text-sm tabular-nums" aria-hidden>
          {valueText}
        </span>
      </div>
      <Slider
        id={id}
        min={min}
        max={max}
        step={step}
        value={[value]}
        aria-valuetext={valueText}
        onValueChange={([next]) => next !== undefined && !Number.isNaN(next) && onChange(next)}
        disabled={disabled}
        data-testid={testId}
      />
      {ends && (
        <div className="text-muted-foreground flex justify-between text-xs" aria-hidden>
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </div>
      )}
    </div>
  );
}
