"use client";
// A short free-text description (custom background, custom style) with its live "n/200" counter.
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/cn";

interface CustomTextProps {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  /** The counter as the user should read it, e.g. "12/200". */
  counter: string;
  /** Shown under the field, e.g. that the text replaces the chosen preset. */
  hint?: string;
  disabled?: boolean;
}

export function CustomText({ label, placeholder, value, onChange, max, counter, hint, disabled }: CustomTextProps) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span
          id={`${id}-counter`}
          data-testid="char-counter"
          className={cn("text-muted-foreground shrink-0 text-xs tabular-nums", value.length >= max && "text-amber-600 dark:text-amber-400")}
        >
          {counter}
        </span>
      </div>
      {/* maxLength stops typing and pasting at the limit, so the server's check is never the one that speaks. */}
      <Textarea
        id={id}
        value={value}
        maxLength={max}
        rows={2}
        placeholder={placeholder}
        disabled={disabled}
        aria-describedby={hint ? `${id}-counter ${id}-hint` : `${id}-counter`}
        onChange={(event) => onChange(event.target.value.slice(0, max))}
        className="resize-none"
      />
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}
