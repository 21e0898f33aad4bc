"use client";
// Hover/focus tooltip built on radix Tooltip; TooltipProvider defaults to a 700 ms open delay and 300 ms skip delay.
import * as React from "react";
import { Tooltip as TooltipPrimitive } from "radix-ui";

import { floating, slotted } from "./slotted";

export function TooltipProvider({ delayDuration = 700, skipDelayDuration = 300, ...props }: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider data-slot="tooltip-provider" delayDuration={delayDuration} skipDelayDuration={skipDelayDuration} {...props} />;
}

/** Carries its own provider (with the delays above), so pages without tooltips load none of this. */
export function Tooltip(props: React.ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipProvider>
      <TooltipPrimitive.Root data-slot="tooltip" {...props} />
    </TooltipProvider>
  );
}

export const TooltipTrigger = slotted(TooltipPrimitive.Trigger, "tooltip-trigger");

export const TooltipContent = floating(
  TooltipPrimitive.Portal,
  TooltipPrimitive.Content,
  "tooltip-content",
  "z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md text-balance origin-(--radix-tooltip-content-transform-origin)",
);
