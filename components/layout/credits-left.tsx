"use client";
// "N credits left" in the header: the signed-in user's balance, or a guest's (always 0). Below the
// desktop breakpoint only the coin and the number show (drawn from data-count, so no one hears it
// twice); the whole sentence stays the element's text, for screen readers and everyone else. The
// number needs no Intl.NumberFormat while the page hydrates (lib/i18n/format-count.ts).
import { Coins } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { formatCount } from "@/lib/i18n/format-count";

export function CreditsLeft({ credits }: { credits: number }) {
  const t = useTranslations("Header");
  const locale = useLocale();
  return (
    <span
      data-testid="credits-left"
      data-count={formatCount(locale, credits)}
      className="bg-secondary text-secondary-foreground inline-flex min-w-0 items-center gap-1 whitespace-nowrap rounded-full px-2 py-1 text-xs font-medium max-lg:after:content-[attr(data-count)_/_''] sm:px-3 sm:text-sm lg:gap-1.5"
    >
      <Coins aria-hidden className="size-4 shrink-0" />
      <span className="truncate max-lg:sr-only">{t("creditsLeft", { count: credits })}</span>
    </span>
  );
}
