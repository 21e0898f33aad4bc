"use client";
// A labelled choice from a list on the browser's own select: its options as a value and the words
// shown for it, with "choose…" first where the choice has no default.
import type { ReactNode } from "react";
import { FormField } from "./form-field";
import { NativeSelect } from "./native-select";

export interface SelectOption<Value extends string> {
  value: Value;
  label: string;
}

interface SelectFieldProps<Value extends string> {
  label: ReactNode;
  /** One of the options' values, or "" while nothing is chosen (with `choose`). */
  value: Value | "";
  onChange: (value: Value) => void;
  options: ReadonlyArray<SelectOption<Value>>;
  /** The words of an empty first option, for a choice with no default. */
  choose?: string;
  className?: string;
}

export function SelectField<Value extends string>({ label, value, onChange, options, choose, className }: SelectFieldProps<Value>) {
  return (
    <FormField label={label} className={className}>
      <NativeSelect value={value} onChange={(event) => onChange(event.target.value as Value)}>
        {choose !== undefined && <option value="">{choose}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}
