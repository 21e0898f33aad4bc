"use client";
// A tool option as a heading over its choice cards, with anything that belongs to the choice (a
// custom size, a colour) below them.
import type { ReactNode } from "react";
import { ChoiceCards, type ChoiceOption, type ChoicePickerProps } from "./shared-choice-cards";

interface ChoiceFieldProps<T extends string> extends ChoicePickerProps<T> {
  heading: string;
  options: ChoiceOption<T>[];
  /** The grid of the cards, e.g. "grid-cols-3". */
  columns: string;
  /** Single-line cards (the default); false for cards with a description. */
  compact?: boolean;
  children?: ReactNode;
}

export function ChoiceField<T extends string>({ heading, columns, compact = true, children, ...picker }: ChoiceFieldProps<T>) {
  return (
    <div className="grid gap-2">
      <h2 className="text-sm font-semibold">{heading}</h2>
      <ChoiceCards label={heading} className={columns} compact={compact} {...picker} />
      {children}
    </div>
  );
}
