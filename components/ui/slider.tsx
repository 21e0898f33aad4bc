"use client";
// A single-value slider on the browser's own range input: keyboard, touch, screen readers and right-to-left
// come from the platform, with no script beyond this wrapper. Takes the value as a one-item array, as
// shadcn's slider does, so callers read the same either way.
import * as React from "react";

import { cn } from "@/lib/cn";

export type SliderProps = Omit<React.ComponentProps<"input">, "type" | "value" | "defaultValue" | "min" | "max" | "step" | "onChange"> & {
  value?: number[];
  defaultValue?: number[];
  min?: number;
  max?: number;
  step?: number;
  onValueChange?: (value: number[]) => void;
  /** Accessible names for the thumb, by index; only the first is used. */
  thumbLabels?: string[];
};

export function Slider({ className, value, defaultValue, min = 0, max = 100, step = 1, onValueChange, thumbLabels, ...props }: SliderProps) {
  return (
    <input
      type="range"
      data-slot="slider"
      min={min}
      max={max}
      step={step}
      value={value?.[0]}
      defaultValue={defaultValue?.[0]}
      aria-label={props["aria-labelledby"] ? undefined : thumbLabels?.[0]}
      onChange={(event) => onValueChange?.([event.currentTarget.valueAsNumber])}
      className={cn(
        "accent-primary h-5 w-full cursor-pointer touch-none rounded-full disabled:cursor-not-allowed disabled:opacity-50",
        "focus-visible:ring-ring focus-visible:ring-offset-background outline-hidden focus-visible:ring-2 focus-visible:ring-offset-2",
        className,
      )}
      {...props}
    />
  );
}
