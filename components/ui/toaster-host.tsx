"use client";
// The toast host (sonner) preconfigured with the product rules. It loads with the first toast (see
// toaster.tsx) and says when it is listening, so that toast is not lost.
import * as React from "react";
import { Toaster as Sonner, type ToasterProps as SonnerProps } from "sonner";

import { cn } from "@/lib/cn";

export type ToasterProps = Omit<SonnerProps, "visibleToasts" | "duration" | "hotkey" | "swipeDirections" | "position" | "richColors" | "closeButton"> & {
  /** Accessible name for each toast's close button (passed to sonner's closeButtonAriaLabel). */
  closeLabel?: string;
};

// sonner sets its own `--width` inline; route it through a variable the class below can raise to 420px from md up.
const toasterStyle: React.CSSProperties & Record<"--width", string> = {
  "--width": "var(--toaster-width, 356px)",
};

export function ToasterHost({ className, style, toastOptions, closeLabel, onReady, ...props }: ToasterProps & { onReady?: () => void }) {
  // Effects run children first: by now sonner's own effect has subscribed to new toasts.
  React.useEffect(() => onReady?.(), [onReady]);
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={1}
      duration={5000}
      hotkey={["F8"]}
      swipeDirections={["right"]}
      richColors
      closeButton
      className={cn("md:[--toaster-width:420px]", className)}
      style={{ ...toasterStyle, ...style }}
      toastOptions={{
        ...toastOptions,
        className: cn("font-sans", toastOptions?.className),
        closeButtonAriaLabel: closeLabel ?? toastOptions?.closeButtonAriaLabel,
      }}
      {...props}
    />
  );
}
