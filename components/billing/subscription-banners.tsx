"use client";
// The banners above the plans (spec §2): the guest's trial offer, the trial's remaining or used-up
// credits, and the Essential member's upgrade note.
import { Gift, Hourglass, Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import { cn } from "@/lib/cn";
import type { PublicUser } from "@/lib/validation/auth";

function Banner({ icon, title, body, tone, testId }: { icon: ReactNode; title: string; body: string; tone: "info" | "warn"; testId: string }) {
  return (
    <div
      data-testid={testId}
      role="status"
      className={cn(
        "flex gap-3 rounded-xl border p-4",
        tone === "info"
          ? "border-primary/30 bg-primary/5"
          : "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50",
      )}
    >
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm opacity-90">{body}</p>
      </div>
    </div>
  );
}

export function SubscriptionBanner({ user }: { user: PublicUser | null }) {
  const t = useTranslations("Billing");
  if (!user) {
    return (
      <Banner
        testId="banner-guest"
        tone="info"
        icon={<Gift aria-hidden className="text-primary size-5" />}
        title={t("guestBannerTitle", { credits: TRIAL_CREDITS })}
        body={t("guestBannerBody")}
      />
    );
  }
  if (user.tier === "trial" && user.credits > 0) {
    return (
      <Banner
        testId="banner-trial"
        tone="info"
        icon={<Sparkles aria-hidden className="text-primary size-5" />}
        title={t("trialActiveTitle")}
        body={t("trialActiveBody", { count: user.credits })}
      />
    );
  }
  if (user.tier === "trial") {
    return (
      <Banner
        testId="banner-trial-depleted"
        tone="warn"
        icon={<Hourglass aria-hidden className="size-5" />}
        title={t("trialDepletedTitle")}
        body={t("trialDepletedBody", { credits: TRIAL_CREDITS })}
      />
    );
  }
  return null;
}
