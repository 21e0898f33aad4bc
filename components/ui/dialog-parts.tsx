// What every dialog looks like, with no dialog library: the window, the overlay and the heading,
// shared by the radix dialogs (dialog.tsx, alert-dialog.tsx) and the first-screen dialog on the
// browser's own <dialog> (first-screen-dialog.tsx).
import * as React from "react";

import { cn } from "@/lib/cn";

export const dialogOverlayClassName = "fixed inset-0 z-50 bg-black/50 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none";

export const dialogWindowClassName = cn(
  "fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto",
  "rounded-lg border border-border bg-background p-6 text-foreground shadow-lg outline-hidden sm:max-w-lg",
  "transition duration-200 starting:scale-95 starting:opacity-0 motion-reduce:transition-none",
);

export const dialogCloseClassName = cn(
  "absolute right-4 top-4 inline-flex size-8 cursor-pointer items-center justify-center rounded-md text-muted-foreground opacity-70 transition-opacity",
  "hover:bg-accent hover:text-accent-foreground hover:opacity-100 outline-hidden focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring",
  "disabled:pointer-events-none",
);

type TextPart = React.ComponentType<{ className?: string; children?: React.ReactNode }>;

export interface DialogHeadingProps {
  title: React.ReactNode;
  description: React.ReactNode;
  /** Shown above the title. */
  icon?: React.ReactNode;
}

type HeadingParts = { Title: TextPart; Description: TextPart; className?: string };

/**
 * The heading every dialog shows. The title and description are the dialog's own parts (radix's, or
 * the first-screen dialog's), which name and describe the dialog for assistive technology.
 */
export function DialogHeading({ title, description, icon, Title, Description, className }: DialogHeadingProps & HeadingParts) {
  return (
    <div data-slot="dialog-header" className={cn("flex flex-col gap-1.5 text-center sm:text-left", className)}>
      {icon}
      <Title className="text-lg font-semibold leading-tight tracking-tight">{title}</Title>
      <Description className="text-sm text-muted-foreground">{description}</Description>
    </div>
  );
}
