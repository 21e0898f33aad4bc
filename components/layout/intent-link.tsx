"use client";
// The app's Link: locale-aware, and it prefetches the page behind it when a visitor shows intent
// (pointer over it, focus, touch) rather than as soon as it scrolls into view. Static pages prefetch
// in full, code included, and the editor alone links to every tool: prefetching on sight would
// download every screen's JavaScript with the first one.
import { useState, type ComponentProps } from "react";
import { Link as LocaleLink } from "@/lib/i18n/navigation";

export function Link({ prefetch, onPointerEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof LocaleLink>) {
  const [intent, setIntent] = useState(false);
  return (
    <LocaleLink
      {...props}
      prefetch={prefetch ?? (intent ? null : false)}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
