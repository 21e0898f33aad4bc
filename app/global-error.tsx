"use client";
// Shown only when the root layout itself fails: it replaces the whole document, outside the language
// provider, in the language of the path.
import { bareActionStyle, BareDocument, bareHeadingStyle } from "@/components/layout/bare-document";
import { GLOBAL_ERROR_TEXT, localeOfPath } from "@/lib/i18n/global-error-text";

export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const locale = typeof window === "undefined" ? "en" : localeOfPath(window.location.pathname);
  const text = GLOBAL_ERROR_TEXT[locale];
  return (
    <BareDocument lang={locale}>
      <h1 style={bareHeadingStyle}>{text.error}</h1>
      <button type="button" onClick={reset} style={bareActionStyle}>
        {text.tryAgain}
      </button>
    </BareDocument>
  );
}
