"use client";
// A form field: its label above the one control it names, tied by an id made here and handed to the
// control through radix Slot. `labelAside` sits at the label's end (a "Forgot password?" link).
import * as React from "react";
import { Slot } from "radix-ui";

import { cn } from "@/lib/cn";
import { Label } from "./label";

interface FormFieldProps {
  label: React.ReactNode;
  labelAside?: React.ReactNode;
  className?: string;
  /** The control: an input, select or textarea that takes an `id`. */
  children: React.ReactElement;
}

export function FormField({ label, labelAside, className, children }: FormFieldProps) {
  const id = React.useId();
  const labelled = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn("grid gap-2", className)}>
      {labelAside ? (
        <div className="flex items-center justify-between gap-2">
          {labelled}
          {labelAside}
        </div>
      ) : (
        labelled
      )}
      <Slot.Root id={id}>{children}</Slot.Root>
    </div>
  );
}
