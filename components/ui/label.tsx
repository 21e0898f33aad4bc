"use client";
// Accessible form label: the browser's own <label> (or, with asChild, the element it wraps), styled for the forms.
import * as React from "react";
import { Slot } from "radix-ui";

import { cn } from "@/lib/cn";

export function Label({ className, asChild = false, ...props }: React.ComponentProps<"label"> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "label";
  return (
    <Comp
      data-slot="label"
      className={cn(
        "flex select-none items-center gap-2 text-sm font-medium leading-none text-foreground",
        "peer-disabled:cursor-not-allowed peer-disabled:opacity-50 group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
