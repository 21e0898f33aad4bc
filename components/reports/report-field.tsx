"use client";
// One field of the report and appeal forms: its label (with "optional" where it is), the control, a
// hint, and the problem with it, tied to the control for screen readers (aria-describedby,
// aria-invalid), so a problem is read out with the field it belongs to.
import { Slot } from "radix-ui";
import { useId, type ReactElement, type ReactNode } from "react";
import { Label } from "@/components/ui/label";

interface ReportFieldProps {
  label: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  aside?: ReactNode;
  hint?: ReactNode;
  problem?: string;
  children: ReactElement;
}

export function ReportField({ label, aside, hint, problem, children }: ReportFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-problem` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id} className="flex-wrap">
        {label}
        {aside && " "}
        {aside && <span className="text-muted-foreground font-normal">{aside}</span>}
      </Label>
      <Slot.Root id={id} aria-describedby={described} aria-invalid={problem ? true : undefined}>
        {children}
      </Slot.Root>
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="text-destructive text-sm">
          {problem}
        </p>
      )}
    </div>
  );
}
