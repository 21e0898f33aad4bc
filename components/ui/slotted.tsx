// What the primitives share: the focus ring of a control, how a floating surface appears, and the
// wiring of a part that only names itself (data-slot) and adds its classes to the caller's.
import * as React from "react";

import { cn } from "@/lib/cn";

/** The keyboard focus ring of a control. */
export const focusRing = "outline-hidden focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background";

/** How a floating surface (a menu, a tooltip) appears: a short scale and fade, still for reduced motion. */
export const popIn = "transition duration-150 starting:scale-95 starting:opacity-0 motion-reduce:transition-none";

/** `Component` marked `data-slot={slot}`, with `classes` before the caller's className; radix parts and plain elements alike. */
export function slotted<C extends React.ElementType>(Component: C, slot: string, classes?: string) {
  const Part = ({ className, ...props }: React.ComponentProps<C> & { className?: string }) => {
    const Tag: React.ElementType = Component;
    return <Tag data-slot={slot} className={classes ? cn(classes, className) : className} {...props} />;
  };
  Part.displayName = slot;
  return Part;
}

/** A floating part (a menu's or a tooltip's content): slotted, popping in, inside its portal, and 4px from its trigger unless told. */
export function floating<C extends React.ElementType>(Portal: React.ElementType, Content: C, slot: string, classes: string) {
  const Part: React.ElementType = slotted(Content, slot, cn(classes, popIn));
  const Floating = ({ sideOffset = 4, ...props }: React.ComponentProps<C> & { sideOffset?: number }) => (
    <Portal>
      <Part sideOffset={sideOffset} {...props} />
    </Portal>
  );
  Floating.displayName = slot;
  return Floating;
}
