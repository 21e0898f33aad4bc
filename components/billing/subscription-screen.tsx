"use client";
// The Subscription screen (spec §2): Choose Your Plan, the banners, the plan grid filtered by tier,
// the Complete Your Subscription dialog, and the Pro member's view with the extra-credit pack.
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { CreditBanner } from "@/components/credits/credit-banner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import type { BillingMode } from "@/lib/billing/config";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import { Link } from "@/components/layout/intent-link";
import type { PaidTier, PlanView, SubscriptionPlanView } from "@/lib/validation/billing";
import { GrantedPlanNotice } from "./granted-plan-notice";
import { formatPrice, PlanCard } from "./plan-card";
import { ProMember } from "./pro-member";
import { SubscriptionBanner } from "./subscription-banners";
import { startPackPurchase, startSubscription, useBillingMode, useCreditPacks, useCurrentSubscription, usePlans } from "./use-billing";
import { usePaymentCompletion } from "./use-payment-completion";

// The checkout (dialog, payment forms) loads when a plan is first chosen.
const CheckoutDialog = dynamic(() => import("./checkout-dialog").then((module) => module.CheckoutDialog), { ssr: false });

type Checkout = { kind: "subscription"; plan: PlanView } | { kind: "pack"; pack: PlanView };

export function SubscriptionScreen({ paymentsMode }: { paymentsMode?: BillingMode } = {}) {
  const t = useTranslations("Billing");
  const locale = useLocale();
  const { data: user, isPending: userPending } = useCurrentUser();
  const plans = usePlans();
  const current = useCurrentSubscription();
  const packs = useCreditPacks();
  const complete = usePaymentCompletion();
  const paymentsUnavailable = useBillingMode(paymentsMode).data?.payments === "unavailable";
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [open, setOpen] = useState(false);

  function choose(next: Checkout) {
    setCheckout(next);
    setOpen(true);
  }

  async function paid(provider: "stripe" | "sandbox") {
    const done = checkout;
    setOpen(false);
    if (!done) return;
    if (done.kind === "subscription") {
      await complete(provider, (next) => next.tier === done.plan.tier);
      toast.success(t("successTitle"), { description: t("successBody") });
    } else {
      const before = user?.credits ?? 0;
      await complete(provider, (next) => next.credits >= before + done.pack.credits);
      toast.success(t("packSuccessTitle"), { description: t("packSuccessBody", { credits: done.pack.credits }) });
    }
  }

  const featuresOf = (plan: SubscriptionPlanView): string[] =>
    plan.tier === "pro"
      ? [
          t("featureMonthlyCredits", { credits: plan.credits }),
          t("featureSaves", { count: plan.savedImages }),
          t("featurePriority"),
          t("featureAllTools"),
          ...(plan.extraPack
            ? [t("featurePack", { credits: plan.extraPack.credits, price: formatPrice(locale, plan.extraPack.price, plan.extraPack.currency) })]
            : []),
        ]
      : [t("featureMonthlyCredits", { credits: plan.credits }), t("featureSaves", { count: plan.savedImages }), t("featureAllTools")];

  const subscribeButton = (plan: PlanView) =>
    paymentsUnavailable ? (
      <Button className="w-full" variant="outline" disabled>
        {t("subscribe")}
      </Button>
    ) : !user ? (
      <Button asChild className="w-full" variant={plan.tier === "pro" ? "default" : "outline"}>
        {/* A full-page request to the sign-in redirect route, not a page: next/link does not apply. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/api/login?returnTo=/subscription">{t("loginToSubscribe")}</a>
      </Button>
    ) : (
      <Button className="w-full" variant={plan.tier === "pro" ? "default" : "outline"} onClick={() => choose({ kind: "subscription", plan })}>
        {t("subscribe")}
      </Button>
    );

  const tier = user?.tier ?? null;
  const onFreeTier = !user || tier === "trial" || tier === "free";
  const currentPlan = current.data?.plan ?? null;
  const tierName = (value: string) => t(`tier_${value}` as "tier_pro");

  let body;
  if (userPending || plans.isPending || (tier === "pro" && current.isPending)) {
    body = <Spinner className="mx-auto size-8" />;
  } else if (tier === "pro") {
    body = (
      <ProMember
        credits={user!.credits}
        monthlyCredits={current.data?.monthlyCredits ?? null}
        renewsAt={current.data?.renewsAt ?? null}
        pack={packs.data?.[0]}
        onBuyPack={(pack) => choose({ kind: "pack", pack })}
      />
    );
  } else {
    body = (
      <div className="grid gap-6 md:grid-cols-3">
        {onFreeTier && (
          <PlanCard
            testId="plan-free"
            name={t("planFree")}
            price={0}
            currency="usd"
            current={Boolean(user)}
            features={[t("featureTrial", { credits: TRIAL_CREDITS }), t("featureAllTools"), t("featureNoGallery")]}
            action={
              user ? (
                <Button className="w-full" variant="secondary" disabled>
                  {t("currentPlan")}
                </Button>
              ) : (
                <Button asChild className="w-full" variant="secondary">
                  <Link href="/auth?mode=signup">{t("signUpFree")}</Link>
                </Button>
              )
            }
          />
        )}
        {currentPlan && tier === currentPlan.tier && (
          <PlanCard
            testId={`plan-${currentPlan.tier}`}
            name={currentPlan.name}
            price={currentPlan.price}
            currency={currentPlan.currency}
            features={featuresOf(currentPlan)}
            current
            action={
              <Button className="w-full" variant="secondary" disabled>
                {t("active")}
              </Button>
            }
          />
        )}
        {(plans.data ?? []).map((plan) => (
          <PlanCard
            key={plan.id}
            testId={`plan-${plan.tier}`}
            name={plan.name}
            price={plan.price}
            currency={plan.currency}
            features={featuresOf(plan)}
            current={false}
            highlighted={plan.tier === "pro"}
            action={subscribeButton(plan)}
          />
        ))}
      </div>
    );
  }

  const dialog =
    checkout?.kind === "pack"
      ? {
          title: t("packDialogTitle", { credits: checkout.pack.credits }),
          description: t("packDialogDescription", { price: formatPrice(locale, checkout.pack.price, checkout.pack.currency) }),
          submitLabel: t("packSubmit", { price: formatPrice(locale, checkout.pack.price, checkout.pack.currency) }),
          start: () => startPackPurchase(checkout.pack.id),
        }
      : checkout?.kind === "subscription"
        ? {
            title: t("dialogTitle"),
            description: t("dialogDescription", {
              plan: checkout.plan.name,
              price: formatPrice(locale, checkout.plan.price, checkout.plan.currency),
              credits: checkout.plan.credits,
            }),
            submitLabel: t("subscribeTo", { tier: tierName(checkout.plan.tier) }),
            start: () => startSubscription(checkout.plan.tier as PaidTier),
          }
        : null;

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="text-muted-foreground mt-3 text-lg">{t("subtitle")}</p>
        {paymentsUnavailable && (
          <p role="status" data-testid="payments-unavailable" className="bg-muted mt-4 rounded-md px-4 py-3 text-sm">
            {t("paymentsUnavailable")}
          </p>
        )}
      </div>
      <div className="mx-auto mt-8 grid max-w-3xl gap-3">
        <SubscriptionBanner user={user ?? null} />
        {user && <GrantedPlanNotice current={current.data} />}
        {user && tier !== "pro" && <CreditBanner credits={user.credits} />}
      </div>
      <div className="mt-8">{body}</div>
      {dialog && (
        <CheckoutDialog
          open={open}
          onOpenChange={setOpen}
          title={dialog.title}
          description={dialog.description}
          submitLabel={dialog.submitLabel}
          start={dialog.start}
          onPaid={paid}
        />
      )}
    </section>
  );
}
