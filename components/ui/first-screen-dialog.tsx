"use client";
// A dialog that opens by itself on a page's first screen (the editor's welcome, Object Removal's
// upload), on the browser's own modal <dialog>: showModal() puts it in the top layer, makes the rest
// of the page inert (and so hidden from assistive technology), moves focus in and closes on Escape,
// so the page's first load carries no dialog library. It looks and reads like the radix dialogs: the
// same window, heading and close button (dialog-parts.tsx). Every dialog a visitor opens is radix's.
import { X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";
import { dialogCloseClassName, DialogHeading, dialogWindowClassName, type DialogHeadingProps } from "./dialog-parts";

export interface FirstScreenDialogProps extends DialogHeadingProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Screen-reader label for the corner close button. */
  closeLabel: string;
  children?: ReactNode;
  "data-testid"?: string;
}

const subscribeNever = () => () => undefined;

export function FirstScreenDialog({ open, onOpenChange, title, description, icon, closeLabel, children, ...props }: FirstScreenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // The portal needs the browser's document: nothing renders on the server or before hydration.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const parts = useMemo(
    () => ({
      Title: ({ className, children }: { className?: string; children?: ReactNode }) => (
        <h2 id={titleId} className={className}>
          {children}
        </h2>
      ),
      Description: ({ className, children }: { className?: string; children?: ReactNode }) => (
        <p id={descriptionId} className={className}>
          {children}
        </p>
      ),
    }),
    [titleId, descriptionId],
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    // Opening a modal restyles the whole page (the rest turns inert), about as long on a phone as
    // rendering the dialog: it runs as a task of its own, after the one that rendered it, so that
    // neither holds the main thread for long while the page starts.
    const opening = setTimeout(() => {
      // jsdom has no showModal; the open attribute shows the dialog there.
      if (!dialog.open) {
        if (typeof dialog.showModal === "function") dialog.showModal();
        else dialog.setAttribute("open", "");
      }
      // showModal focuses the first control; where it could not, do it here.
      if (!dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>("a[href], button, input, [tabindex]")?.focus();
      // The page behind stays where it is, as behind the radix dialogs.
      root.style.overflow = "hidden";
    });
    return () => {
      clearTimeout(opening);
      root.style.overflow = overflow;
    };
  }, [open, hydrated]);

  // A closed dialog is not in the page at all, as with the radix dialogs.
  if (!open || !hydrated) return null;
  const close = () => onOpenChange(false);
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid={props["data-testid"]}
      // Escape: the browser would close the dialog by itself; the owner decides instead (the key here,
      // any other close request, such as a phone's back gesture, as the cancel event).
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.preventDefault();
        close();
      }}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      // A press on the backdrop lands on the <dialog> itself, outside its box.
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) close();
      }}
      className={cn(dialogWindowClassName, "m-0 hidden open:grid backdrop:bg-black/50")}
    >
      <DialogHeading title={title} description={description} icon={icon} Title={parts.Title} Description={parts.Description} className="pr-8" />
      {children}
      <button type="button" onClick={close} className={dialogCloseClassName}>
        <X aria-hidden className="size-4" />
        <span className="sr-only">{closeLabel}</span>
      </button>
    </dialog>,
    document.body,
  );
}
