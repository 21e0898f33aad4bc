"use client";
// The filter form above a console list: its fields side by side (stacked on a phone), applied
// together with one button, so a half-typed filter does not reload the list at each key.
import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

export type Filters = Record<string, string>;

export interface FilterField {
  name: string;
  label: string;
  type?: "text" | "date";
  /** A choice from a list instead of free text ("" is "any"). */
  options?: Array<{ value: string; label: string }>;
}

export function ListFilters({
  fields,
  initial,
  onApply,
  children,
}: {
  fields: FilterField[];
  initial: Filters;
  onApply: (filters: Filters) => void;
  children?: ReactNode;
}) {
  const t = useTranslations("Admin");
  const [values, setValues] = useState<Filters>(initial);
  const set = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply(Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])));
  };
  return (
    <form className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4" onSubmit={apply} aria-label={t("filtersLabel")}>
      {fields.map((field) => {
        const id = `filter-${field.name}`;
        return (
          <div key={field.name} className="grid min-w-0 gap-1.5">
            <Label htmlFor={id}>{field.label}</Label>
            {field.options ? (
              <NativeSelect id={id} value={values[field.name] ?? ""} onChange={(event) => set(field.name, event.target.value)}>
                <option value="">{t("any")}</option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <Input id={id} type={field.type ?? "text"} value={values[field.name] ?? ""} onChange={(event) => set(field.name, event.target.value)} />
            )}
          </div>
        );
      })}
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">{t("applyFilters")}</Button>
        {children}
      </div>
    </form>
  );
}

/** A date field's day as the API's bound: the start of `from`'s day, the end of `to`'s, in UTC. */
export function dayBounds(filters: Filters): Filters {
  const out = { ...filters };
  if (filters.from) out.from = `${filters.from}T00:00:00.000Z`;
  if (filters.to) out.to = `${filters.to}T23:59:59.999Z`;
  return out;
}
