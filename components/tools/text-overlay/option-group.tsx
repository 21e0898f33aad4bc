"use client";
// A group of options of which one is chosen, named by the field's label: the text's weight and
// alignment as segments, its colour and background as swatches.
import type { CSSProperties, ReactNode } from "react";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { cn } from "@/lib/cn";

const focusable = "focus-visible:ring-ring cursor-pointer outline-none transition-colors focus-visible:ring-2 focus-visible:ring-offset-2";

/** Segments sit in a muted track; the chosen one is raised. */
export const SEGMENTS = {
  className: "bg-muted grid gap-1 rounded-lg p-1",
  itemClassName: "data-[state=checked]:bg-background rounded-md py-1.5 data-[state=checked]:shadow-sm",
};

/** The chosen swatch is ringed. */
export const SWATCH_CHECKED = "data-[state=checked]:ring-2 data-[state=checked]:ring-sky-500 data-[state=checked]:ring-offset-2";

export interface OptionView {
  content: ReactNode;
  /** The option's name where its content does not say it (an icon, a colour). */
  label?: string;
  /** Shows the name on hover too. */
  titled?: boolean;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

interface OptionGroupProps<Value extends string> {
  labelId: string;
  value: Value;
  values: readonly Value[];
  onChange: (value: Value) => void;
  className: string;
  /** Classes every option has. */
  itemClassName: string;
  option: (value: Value) => OptionView;
}

export function OptionGroup<Value extends string>({ labelId, value, values, onChange, className, itemClassName, option }: OptionGroupProps<Value>) {
  return (
    <RadioGroup aria-labelledby={labelId} value={value} onValueChange={(next) => onChange(next as Value)} className={className}>
      {values.map((each) => {
        const view = option(each);
        return (
          <RadioGroupItem
            key={each}
            value={each}
            aria-label={view.label}
            title={view.titled ? view.label : undefined}
            data-testid={view.testId}
            className={cn(focusable, itemClassName, view.className)}
            style={view.style}
          >
            {view.content}
          </RadioGroupItem>
        );
      })}
    </RadioGroup>
  );
}
