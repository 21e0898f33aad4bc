"use client";
// The credit banner (spec §8): green at 10 or more, yellow at 5 or more, red below 5; a low-credit
// warning at 5 or fewer and "You're out of credits!" at 0, each with the way to get more.
import { AlertTriangle, Coins, XCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { Link } from "@/components/layout/intent-link";

export const LOW_CREDIT_THRESHOLD = 5;

export type CreditLevel = "good" | "fair" | "low";

export function creditLevel(credits: number): CreditLevel {
  if (credits >= 10) return "good";
  if (credits >= 5) return "fair";
  return "low";
}

const STYLES: Record<CreditLevel, string> = {
  good: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100",
  fair: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  low: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
};

export function CreditBanner({ credits, className }: { credits: number; className?: string }) {
  const t = useTranslations("Credits");
  const level = creditLevel(credits);
  const out = credits <= 0;
  const low = credits <= LOW_CREDIT_THRESHOLD;
  const Icon = out ? XCircle : low ? AlertTriangle : Coins;
  return (
    <div
      role="status"
      data-testid="credit-banner"
      data-level={level}
      className={cn("flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3 text-sm", STYLES[level], className)}
    >
      <Icon aria-hidden className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{out ? t("outTitle") : low ? t("lowTitle") : t("available", { count: credits })}</p>
        {low && <p>{out ? t("outBody") : t("lowBody", { count: credits })}</p>}
      </div>
      {low && (
        <Button asChild size="sm" variant={out ? "default" : "outline"}>
          <Link href="/subscription">{t("addMore")}</Link>
        </Button>
      )}
    </div>
  );
}
