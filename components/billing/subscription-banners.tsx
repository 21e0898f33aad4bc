"use client";
// The banners above the plans (spec §2): the guest's trial offer and the trial's remaining or used-up
// credits.
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

type BannerProps = Parameters<typeof Banner>[0];

/** The banner a visitor sees, or none: guests get the trial offer, trial members their credits. */
function bannerFor(user: PublicUser | null, t: ReturnType<typeof useTranslations<"Billing">>): BannerProps | null {
  if (!user) {
    const icon = <Gift aria-hidden className="text-primary size-5" />;
    return { testId: "banner-guest", tone: "info", icon, title: t("guestBannerTitle", { credits: TRIAL_CREDITS }), body: t("guestBannerBody") };
  }
  if (user.tier !== "trial") return null;
  if (user.credits > 0) {
    const icon = <Sparkles aria-hidden className="text-primary size-5" />;
    return { testId: "banner-trial", tone: "info", icon, title: t("trialActiveTitle"), body: t("trialActiveBody", { count: user.credits }) };
  }
  const icon = <Hourglass aria-hidden className="size-5" />;
  return { testId: "banner-trial-depleted", tone: "warn", icon, title: t("trialDepletedTitle"), body: t("trialDepletedBody", { credits: TRIAL_CREDITS }) };
}

export function SubscriptionBanner({ user }: { user: PublicUser | null }) {
  const t = useTranslations("Billing");
  const banner = bannerFor(user, t);
  return banner && <Banner {...banner} />;
}
