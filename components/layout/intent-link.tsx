"use client";
// The app's Link: in the page's language (English at the root, the others under their prefix), and
// it prefetches the page behind it when a visitor shows intent (pointer over it, focus, touch) rather
// than as soon as it scrolls into view. Static pages prefetch in full, code included, and the editor
// alone links to every tool: prefetching on sight would download every screen's JavaScript with the
// first one. Focus counts once the visitor has pressed or touched anything: a dialog that opens by
// itself on load moves focus to its first link, and that is not intent. Built on next/link itself:
// the whole navigation API of next-intl is not needed for this.
import { useLocale } from "next-intl";
import NextLink from "next/link";
import { useState, type ComponentProps } from "react";
import { visitorHasActed } from "@/lib/browser/visitor-input";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";

type LinkProps = Omit<ComponentProps<typeof NextLink>, "href"> & { href: string };

export function Link({ href, prefetch, onPointerEnter, onFocus, onTouchStart, ...props }: LinkProps) {
  const locale = useLocale() as Locale;
  const [intent, setIntent] = useState(false);
  return (
    <NextLink
      {...props}
      href={localizedPath(locale, href)}
      prefetch={prefetch ?? (intent ? null : false)}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        if (visitorHasActed()) setIntent(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
    />
  );
}
