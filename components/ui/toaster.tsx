"use client";
// App-wide toast host (sonner) preconfigured with the product rules; also re-exports `toast` for callers.
import * as React from "react";
import { Toaster as Sonner, toast, type ToasterProps as SonnerProps } from "sonner";

import { cn } from "@/lib/cn";

export { toast };

export type ToasterProps = Omit<
  SonnerProps,
  "visibleToasts" | "duration" | "hotkey" | "swipeDirections" | "position" | "richColors" | "closeButton"
> & {
  /** Accessible name for each toast's close button (passed to sonner's closeButtonAriaLabel). */
  closeLabel?: string;
};

// sonner sets its own `--width` inline; route it through a variable the class below can raise to 420px from md up.
const toasterStyle: React.CSSProperties & Record<"--width", string> = {
  "--width": "var(--toaster-width, 356px)",
};

export function Toaster({ className, style, toastOptions, closeLabel, ...props }: ToasterProps) {
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
