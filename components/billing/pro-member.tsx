"use client";
// What a Pro member sees instead of plans: "You're on Pro!", their remaining credits, and the
// one-off pack of extra credits.
import { Crown, PartyPopper, Plus } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Link } from "@/components/layout/intent-link";
import type { PlanView } from "@/lib/validation/billing";
import { formatPrice } from "./plan-card";

interface ProMemberProps {
  credits: number;
  /** What the plan gives a month; null when no plan says (then the line is left out). */
  monthlyCredits: number | null;
  renewsAt: string | null;
  pack: PlanView | undefined;
  onBuyPack: (pack: PlanView) => void;
}

export function ProMember({ credits, monthlyCredits, renewsAt, pack, onBuyPack }: ProMemberProps) {
  const t = useTranslations("Billing");
  const locale = useLocale();
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
      <Card data-testid="pro-banner" className="border-primary bg-gradient-to-br from-primary/10 to-fuchsia-500/10">
        <CardHeader>
          <PartyPopper aria-hidden className="text-primary size-8" />
          <CardTitle className="text-2xl">{t("proTitle")}</CardTitle>
          {monthlyCredits !== null && <CardDescription>{t("proBody", { credits: monthlyCredits })}</CardDescription>}
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link href="/">{t("backToEditor")}</Link>
          </Button>
        </CardContent>
      </Card>
      <Card data-testid="pro-member">
        <CardHeader>
          <Crown aria-hidden className="size-8 text-amber-500" />
          <CardTitle className="text-2xl">{t("proMemberTitle")}</CardTitle>
          <CardDescription>
            {t("creditsRemaining", { count: credits })}
            {renewsAt ? ` · ${t("renewsOn", { date: new Date(renewsAt) })}` : null}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <Link href="/">{t("continueCreating")}</Link>
          </Button>
          {pack && (
            <Button onClick={() => onBuyPack(pack)} data-testid="buy-pack" className="h-auto min-h-10 shrink whitespace-normal">
              <Plus aria-hidden />
              {t("buyPack", { credits: pack.credits, price: formatPrice(locale, pack.price, pack.currency) })}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
