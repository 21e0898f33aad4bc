// What the header's language button shows, before and after its menu has loaded: a globe, then the
// language's code on phones and its name on wider screens. Flags stay in the menu: an emoji in the
// header makes the first layout of every page look for a colour emoji font.
import { Globe } from "lucide-react";
import type { Locale } from "@/lib/i18n/locales";

export function LanguageButtonLabel({ language }: { language: { code: Locale; name: string } }) {
  return (
    <>
      <Globe aria-hidden className="size-4" />
      <span aria-hidden className="text-xs font-semibold uppercase sm:hidden">
        {language.code}
      </span>
      <span className="hidden sm:inline">{language.name}</span>
    </>
  );
}
