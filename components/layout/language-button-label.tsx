// What the header's language button shows, before and after its menu has loaded: a globe, then the
// language's code on phones and its name on wider screens. Flags stay in the menu: an emoji in the
// header makes the first layout of every page look for a colour emoji font. The button's name is
// "Language: " and the visible text, so what a voice-control user reads is what the button is called.
import { Globe } from "lucide-react";
import type { Locale } from "@/lib/i18n/locales";

export function LanguageButtonLabel({ label, language }: { label: string; language: { code: Locale; name: string } }) {
  return (
    <>
      <Globe aria-hidden className="size-4" />
      <span className="sr-only">{label}: </span>
      <span className="text-xs font-semibold uppercase sm:hidden">{language.code}</span>
      <span className="hidden sm:inline">{language.name}</span>
    </>
  );
}
