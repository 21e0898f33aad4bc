"use client";
// The header's Upgrade link: a crown on phones, its words from tablets up. The words stay its name
// on phones too (visually hidden), and may be cut short with an ellipsis rather than push the menu
// button off a narrow screen.
import { Crown } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/layout/intent-link";

export function UpgradeLink() {
  const t = useTranslations("Header");
  return (
    <Button size="sm" asChild className="min-w-0 shrink max-sm:w-9 max-sm:px-0">
      <Link href="/subscription">
        <Crown aria-hidden className="sm:hidden" />
        <span className="truncate max-sm:sr-only">{t("upgrade")}</span>
      </Link>
    </Button>
  );
}
