// What the header's language button shows, before and after its menu has loaded: a globe, then the
// language's name on desktops, its code on tablets, and the globe alone on phones, where the header
// has no room for more. Flags stay in the menu: an emoji in the header makes the first layout of
// every page look for a colour emoji font. The button's name is "Language: " and the language, so
// what a voice-control user reads is what the button is called.
import { Globe } from "lucide-react";
import type { Locale } from "@/lib/i18n/locales";

/** The button's own classes (both triggers use them): a square icon button on phones. */
export const languageButtonClass = "gap-1.5 max-sm:w-9 max-sm:px-0";

export function LanguageButtonLabel({ label, language }: { label: string; language: { code: Locale; name: string } }) {
  return (
    <>
      <Globe aria-hidden className="size-4" />
      <span className="sr-only">{label}: </span>
      <span className="hidden text-xs font-semibold uppercase sm:max-lg:inline">{language.code}</span>
      <span className="max-lg:sr-only sm:max-lg:hidden">{language.name}</span>
    </>
  );
}
