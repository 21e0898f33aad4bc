"use client";
// The How to Use card (spec §2): the text overlay's steps, in order.
import { useTranslations } from "next-intl";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

const STEPS = ["how1", "how2", "how3", "how4", "how5"] as const;

export function HowToUse() {
  const t = useTranslations("TextOverlay");
  return (
    <Card data-testid="text-overlay-how-to">
      <CardHeader>
        <CardTitle>{t("howTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="text-muted-foreground grid list-decimal gap-2 pl-5 text-sm">
          {STEPS.map((step) => (
            <li key={step}>{t(step)}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
