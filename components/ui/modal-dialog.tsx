"use client";
// A light modal on the browser's own <dialog> (showModal): the top layer, an inert page behind it,
// focus moved into it and Escape to close come from the browser, so a dialog that opens on a
// screen's first load does not bring the radix dialog stack with it. Looks like ui/dialog, and like
// it sits at the end of <body> and hides the rest of the page from assistive technology while open.
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useHydrated } from "./client-lazy";

/** Hides every other child of <body> from assistive technology; returns the undo. */
function hideOthers(keep: Element): () => void {
  const hidden: Element[] = [];
  for (const element of Array.from(document.body.children)) {
    if (element === keep || element.contains(keep) || element.tagName === "SCRIPT" || element.getAttribute("aria-hidden") === "true") continue;
    element.setAttribute("aria-hidden", "true");
    hidden.push(element);
  }
  return () => hidden.forEach((element) => element.removeAttribute("aria-hidden"));
}

interface ModalDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Screen-reader label for the corner close button. */
  closeLabel: string;
  /** Shown above the title. */
  icon?: ReactNode;
  children?: ReactNode;
  "data-testid"?: string;
}

export function ModalDialog({ open, onClose, title, description, closeLabel, icon, children, ...props }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // Portals need the browser's document: nothing renders on the server or before hydration.
  const mounted = useHydrated();

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    // jsdom has no showModal; the open attribute shows it there.
    if (!dialog.open) {
      if (typeof dialog.showModal === "function") dialog.showModal();
      else dialog.setAttribute("open", "");
    }
    const showOthers = hideOthers(dialog);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      showOthers();
      root.style.overflow = overflow;
    };
  }, [open, mounted]);

  // A closed dialog is not in the page at all, as with the radix dialogs.
  if (!open || !mounted) return null;
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid={props["data-testid"]}
      // Escape: the browser would close the dialog by itself; let the owner decide instead.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A press on the backdrop lands on the <dialog> itself, outside its box.
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) onClose();
      }}
      className="bg-background text-foreground border-border backdrop:bg-black/50 m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-lg border p-6 shadow-lg open:grid sm:max-w-lg"
    >
      <div className="flex flex-col gap-1.5 pr-8 text-center sm:text-left">
        {icon}
        <h2 id={titleId} className="text-lg font-semibold leading-tight tracking-tight">
          {title}
        </h2>
        <p id={descriptionId} className="text-muted-foreground text-sm">
          {description}
        </p>
      </div>
      {children}
      <button
        type="button"
        onClick={onClose}
        className="text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring absolute right-4 top-4 inline-flex size-8 cursor-pointer items-center justify-center rounded-md opacity-70 outline-hidden transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2"
      >
        <X aria-hidden className="size-4" />
        <span className="sr-only">{closeLabel}</span>
      </button>
    </dialog>,
    document.body,
  );
}
