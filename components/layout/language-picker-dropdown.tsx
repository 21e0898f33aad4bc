"use client";
// The language menu itself: saves the choice (cookie for the server, localStorage `language`) and
// reloads the current page in that language. Loaded and mounted by the first press of the language
// button, so it starts open (see language-picker.tsx).
import { Check } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { usePathname, useRouter } from "@/lib/i18n/navigation";
import { languages, type Locale } from "@/lib/i18n/locales";
import { languageButtonClass, LanguageButtonLabel } from "./language-button-label";
import { saveLanguageChoice } from "./language-choice";

export function LanguagePickerDropdown() {
  const t = useTranslations("Header");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  const current = languages.find((language) => language.code === locale) ?? languages[0]!;

  function choose(code: Locale) {
    saveLanguageChoice(code);
    startTransition(() => router.replace(pathname, { locale: code }));
  }

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" disabled={pending} className={languageButtonClass}>
          <LanguageButtonLabel label={t("language")} language={current} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {languages.map((language) => (
          <DropdownMenuItem key={language.code} lang={language.code} onSelect={() => choose(language.code)}>
            <span aria-hidden>{language.flag}</span>
            <span className="flex-1">{language.name}</span>
            {language.code === locale && <Check aria-hidden className="size-4" />}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
