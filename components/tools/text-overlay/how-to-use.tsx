"use client";
// The How to Use card (spec §2): the text overlay's steps, in order.
import { useTranslations } from "next-intl";
import { SectionCard } from "@/components/ui/card";

const STEPS = ["how1", "how2", "how3", "how4", "how5"] as const;

export function HowToUse() {
  const t = useTranslations("TextOverlay");
  return (
    <SectionCard data-testid="text-overlay-how-to" title={t("howTitle")}>
      <ol className="text-muted-foreground grid list-decimal gap-2 pl-5 text-sm">
        {STEPS.map((step) => (
          <li key={step}>{t(step)}</li>
        ))}
      </ol>
    </SectionCard>
  );
}
