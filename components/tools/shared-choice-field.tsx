"use client";
// A tool option as a heading over its choice cards, with anything that belongs to the choice (a
// custom size, a colour) below them.
import type { ReactNode } from "react";
import { ChoiceCards, type ChoiceOption } from "./shared-choice-cards";

interface ChoiceFieldProps<T extends string> {
  heading: string;
  options: ChoiceOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  /** The grid of the cards, e.g. "grid-cols-3". */
  columns: string;
  children?: ReactNode;
}

export function ChoiceField<T extends string>({ heading, options, value, onChange, disabled, columns, children }: ChoiceFieldProps<T>) {
  return (
    <div className="grid gap-2">
      <h2 className="text-sm font-semibold">{heading}</h2>
      <ChoiceCards label={heading} className={columns} compact value={value} onChange={onChange} disabled={disabled} options={options} />
      {children}
    </div>
  );
}
