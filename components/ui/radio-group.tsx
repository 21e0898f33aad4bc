"use client";
// A radio group of buttons (WAI-ARIA radio group pattern): one tab stop on the checked item, arrow keys
// move and select, Home and End jump (choice-keys.ts). Items carry data-state="checked" | "unchecked"
// for styling.
import * as React from "react";

import { cn } from "@/lib/cn";
import { choiceIndexFor } from "./choice-keys";

interface RadioGroupContextValue {
  value: string | undefined;
  select: (value: string) => void;
}

const RadioGroupContext = React.createContext<RadioGroupContextValue | null>(null);

export function RadioGroup({
  value,
  onValueChange,
  className,
  onKeyDown,
  ...props
}: Omit<React.ComponentProps<"div">, "role"> & { value: string | undefined; onValueChange: (value: string) => void }) {
  const context = React.useMemo<RadioGroupContextValue>(() => ({ value, select: onValueChange }), [value, onValueChange]);
  return (
    <RadioGroupContext.Provider value={context}>
      <div
        role="radiogroup"
        data-slot="radio-group"
        className={className}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          const items = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)'));
          const current = items.indexOf(event.target as HTMLButtonElement);
          const target = current < 0 ? null : choiceIndexFor(event.key, current, items.length);
          if (target === null) return;
          event.preventDefault();
          items[target]!.focus();
          items[target]!.click();
        }}
        {...props}
      />
    </RadioGroupContext.Provider>
  );
}

export function RadioGroupItem({ value, className, onClick, ...props }: Omit<React.ComponentProps<"button">, "role" | "value"> & { value: string }) {
  const group = React.useContext(RadioGroupContext);
  if (!group) throw new Error("RadioGroupItem must be inside a RadioGroup.");
  const checked = group.value === value;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      data-state={checked ? "checked" : "unchecked"}
      data-slot="radio-group-item"
      // Roving focus: the checked item is the group's one tab stop.
      tabIndex={checked || group.value === undefined ? 0 : -1}
      className={cn("disabled:cursor-not-allowed disabled:opacity-50", className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) group.select(value);
      }}
      {...props}
    />
  );
}
