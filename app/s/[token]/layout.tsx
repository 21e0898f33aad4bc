// Share pages (/s/{token}) live outside the language segment: one address for everyone, in the
// viewer's language (lib/i18n/viewer-locale.ts), and a document of their own without the site's header
// and its client script, so a viewer downloads little more than the picture.
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { viewerLocale } from "@/lib/i18n/viewer-locale";
import "../../globals.css";

export default async function SharedImageLayout({ children }: { children: ReactNode }) {
  const locale = viewerLocale(await headers());
  return (
    <html lang={locale}>
      <body className="bg-background text-foreground min-h-dvh">{children}</body>
    </html>
  );
}
