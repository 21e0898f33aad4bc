"use client";
// The header's language button; the language menu loads on first use.
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { languages, type Locale } from "@/lib/i18n/locales";
import { languageButtonClass, LanguageButtonLabel } from "./language-button-label";
import { LazyMenu } from "./lazy-menu";

const loadMenu = () => import("./language-picker-dropdown").then((module) => module.LanguagePickerDropdown);

export function LanguagePicker() {
  const t = useTranslations("Header");
  const locale = useLocale() as Locale;
  const current = languages.find((language) => language.code === locale) ?? languages[0]!;
  return (
    <LazyMenu
      load={loadMenu}
      props={{}}
      placeholder={(handlers) => (
        <Button variant="ghost" size="sm" aria-haspopup="menu" className={languageButtonClass} {...handlers}>
          <LanguageButtonLabel label={t("language")} language={current} />
        </Button>
      )}
    />
  );
}
