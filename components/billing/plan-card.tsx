"use client";
// One plan in the Choose Your Plan grid: name, monthly price, what it gives, and its button.
import { Check } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

export function formatPrice(locale: string, amount: number, currency = "usd"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() }).format(amount);
}

interface PlanCardProps {
  name: string;
  price: number;
  currency: string;
  features: string[];
  current: boolean;
  highlighted?: boolean;
  action: ReactNode;
  testId: string;
}

export function PlanCard({ name, price, currency, features, current, highlighted, action, testId }: PlanCardProps) {
  const t = useTranslations("Billing");
  const locale = useLocale();
  return (
    <Card data-testid={testId} className={cn("flex flex-col", highlighted && "border-primary shadow-md ring-primary/30 ring-2")}>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle className="text-xl">{name}</CardTitle>
          {current ? <Badge variant="success">{t("currentPlan")}</Badge> : highlighted ? <Badge>{t("mostPopular")}</Badge> : null}
        </div>
        <p className="mt-2">
          <span className="text-4xl font-bold tracking-tight">{formatPrice(locale, price, currency)}</span>
          <span className="text-muted-foreground ml-1 text-sm">{t("perMonth")}</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2 text-sm">
          {features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check aria-hidden className="text-primary mt-0.5 size-4 shrink-0" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
