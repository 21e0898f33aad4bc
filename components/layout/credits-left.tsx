"use client";
// "N credits left" in the header: the signed-in user's balance, or a guest's (always 0).
import { Coins } from "lucide-react";
import { useTranslations } from "next-intl";

export function CreditsLeft({ credits }: { credits: number }) {
  const t = useTranslations("Header");
  return (
    <span
      data-testid="credits-left"
      className="bg-secondary text-secondary-foreground inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-medium sm:px-3 sm:text-sm"
    >
      <Coins aria-hidden className="size-4" />
      {t("creditsLeft", { count: credits })}
    </span>
  );
}
