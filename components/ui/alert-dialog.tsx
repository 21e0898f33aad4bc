"use client";
// A confirmation on radix AlertDialog: the same window and heading as ui/dialog, no corner close (the
// person answers with Cancel or the action), and a press outside does not dismiss it.
import * as React from "react";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { VariantProps } from "class-variance-authority";

import { buttonVariants } from "@/components/ui/button";
import { DialogFooter, DialogHeading, dialogOverlayClassName, dialogWindowClassName, type DialogHeadingProps } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";

export const AlertDialogFooter = DialogFooter;

type ButtonStyleProps = VariantProps<typeof buttonVariants>;

export function AlertDialog(props: React.ComponentProps<typeof AlertDialogPrimitive.Root>) {
  return <AlertDialogPrimitive.Root data-slot="alert-dialog" {...props} />;
}

export type AlertDialogContentProps = Omit<React.ComponentProps<typeof AlertDialogPrimitive.Content>, "title"> & DialogHeadingProps;

export function AlertDialogContent({ className, children, title, description, icon, ...props }: AlertDialogContentProps) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay data-slot="alert-dialog-overlay" className={dialogOverlayClassName} />
      <AlertDialogPrimitive.Content data-slot="alert-dialog-content" className={cn(dialogWindowClassName, className)} {...props}>
        <DialogHeading title={title} description={description} icon={icon} Title={AlertDialogPrimitive.Title} Description={AlertDialogPrimitive.Description} />
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogAction({ className, variant, size, ...props }: React.ComponentProps<typeof AlertDialogPrimitive.Action> & ButtonStyleProps) {
  return <AlertDialogPrimitive.Action data-slot="alert-dialog-action" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

export function AlertDialogCancel({
  className,
  variant = "outline",
  size,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Cancel> & ButtonStyleProps) {
  return <AlertDialogPrimitive.Cancel data-slot="alert-dialog-cancel" className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

interface ConfirmDialogProps extends Pick<React.ComponentProps<typeof AlertDialogPrimitive.Root>, "open" | "onOpenChange">, DialogHeadingProps {
  cancelLabel: React.ReactNode;
  confirmLabel: React.ReactNode;
  onConfirm: () => void;
  /** The confirm button's look: "destructive" where the action cannot be undone. */
  confirmVariant?: ButtonStyleProps["variant"];
}

/** The whole confirmation most callers want: a question, Cancel, and the action. */
export function ConfirmDialog({ open, onOpenChange, cancelLabel, confirmLabel, onConfirm, confirmVariant, ...heading }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent {...heading}>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction variant={confirmVariant} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
