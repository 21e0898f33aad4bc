"use client";
// The account's plan and balance, kept live: tier, credits with the credit banner, renewal (or end)
// date, and the ways to change or cancel the plan.
import { useTranslations } from "next-intl";
import { useCurrentUser } from "@/components/auth/use-auth";
import { CreditBanner } from "@/components/credits/credit-banner";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Link } from "@/components/layout/intent-link";
import { CancelPlan } from "./cancel-plan";
import { useCurrentSubscription } from "./use-billing";

export function AccountPlan() {
  const t = useTranslations("Account");
  const tb = useTranslations("Billing");
  const { data: user } = useCurrentUser();
  const current = useCurrentSubscription();
  if (!user) return null;
  const renewsAt = current.data?.renewsAt;
  const endsAt = current.data?.endsAt;
  const plan = current.data?.plan;
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <div className="grid grid-cols-2 gap-4">
          <div>
            <p className="text-muted-foreground text-sm">{t("plan")}</p>
            <p className="text-xl font-semibold" data-testid="account-tier">
              {t(`tier_${user.tier}`)}
            </p>
            {renewsAt && <p className="text-muted-foreground text-xs">{tb("renewsOn", { date: new Date(renewsAt) })}</p>}
            {endsAt && (
              <p className="text-muted-foreground text-xs" data-testid="plan-ends">
                {t("endsOn", { date: new Date(endsAt) })}
              </p>
            )}
          </div>
          <div>
            <p className="text-muted-foreground text-sm">{t("credits")}</p>
            <p className="text-xl font-semibold" data-testid="account-credits">
              {user.credits}
            </p>
          </div>
        </div>
        <CreditBanner credits={user.credits} />
        <div className="flex flex-wrap gap-2">
          {/* Its words wrap rather than run out of the card on a phone ("Acheter des crédits supplémentaires"). */}
          <Button asChild variant="outline" className="h-auto min-h-10 shrink whitespace-normal">
            <Link href="/subscription">{user.tier === "pro" ? t("buyCredits") : t("changePlan")}</Link>
          </Button>
          {plan && !endsAt && <CancelPlan planName={plan.name} />}
        </div>
      </CardContent>
    </Card>
  );
}
