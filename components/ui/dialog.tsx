"use client";
// The app's one dialog system, on radix Dialog (and radix AlertDialog, in alert-dialog.tsx): radix
// moves focus in and back, traps it, closes on Escape, hides the rest of the page from assistive
// technology and stops it scrolling. Every dialog has the same window and the same heading (icon,
// title, description); a plain dialog adds the corner close button. Sized to fit small screens and
// capped at max-w-lg from sm up.
import * as React from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "lucide-react";

import { cn } from "@/lib/cn";
import { dialogCloseClassName, DialogHeading, dialogOverlayClassName, dialogWindowClassName, type DialogHeadingProps } from "./dialog-parts";

export { DialogHeading, dialogOverlayClassName, dialogWindowClassName, type DialogHeadingProps };

export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export type DialogContentProps = Omit<React.ComponentProps<typeof DialogPrimitive.Content>, "title"> &
  DialogHeadingProps & {
    /** Screen-reader label for the corner close button. */
    closeLabel: string;
  };

export function DialogContent({ className, children, title, description, icon, closeLabel, ...props }: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className={dialogOverlayClassName} />
      <DialogPrimitive.Content data-slot="dialog-content" className={cn(dialogWindowClassName, className)} {...props}>
        <DialogHeading
          title={title}
          description={description}
          icon={icon}
          Title={DialogPrimitive.Title}
          Description={DialogPrimitive.Description}
          className="pr-8"
        />
        {children}
        <DialogPrimitive.Close data-slot="dialog-close" className={dialogCloseClassName}>
          <X aria-hidden className="size-4" />
          <span className="sr-only">{closeLabel}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** The buttons at the foot of a dialog: stacked on phones (the main action on top), in a row from sm up. */
export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="dialog-footer" className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}
