// Horizontal progress bar: a progressbar role with its value, and a bar that grows from the start edge.
import * as React from "react";

import { cn } from "@/lib/cn";

export function Progress({ className, value, max = 100, ...props }: Omit<React.ComponentProps<"div">, "role"> & { value?: number | null; max?: number }) {
  const percent = value == null || max <= 0 ? 0 : Math.min(100, Math.max(0, (value / max) * 100));
  return (
    <div
      role="progressbar"
      data-slot="progress"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value ?? undefined}
      className={cn("bg-muted relative h-2 w-full overflow-hidden rounded-full", className)}
      {...props}
    >
      <div
        data-slot="progress-indicator"
        className="bg-primary h-full w-full origin-left transition-transform duration-300 ease-out rtl:origin-right"
        style={{ transform: `scaleX(${percent / 100})` }}
      />
    </div>
  );
}
