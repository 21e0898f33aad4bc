"use client";
// The line that tells a member their plan was given to them from Pictura's console, with no payment,
// and until when: it ends on that date and does not renew. Nothing for a plan they pay for.
import { Gift } from "lucide-react";
import { useTranslations } from "next-intl";
import type { CurrentSubscription } from "@/lib/validation/billing";

export function GrantedPlanNotice({ current }: { current: CurrentSubscription | null | undefined }) {
  const t = useTranslations("Billing");
  if (current?.provider !== "operator" || !current.plan || !current.endsAt) return null;
  return (
    <p role="status" data-testid="plan-granted" className="border-primary/30 bg-primary/5 flex items-center gap-3 rounded-xl border p-4 text-sm">
      <Gift aria-hidden className="text-primary size-5 shrink-0" />
      {t("grantedUntil", { plan: current.plan.name, date: new Date(current.endsAt) })}
    </p>
  );
}
