"use client";
// The overview's four charts by day: sign-ups, operations with their failures, credits spent, revenue.
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { DailyFigures } from "./console-types";
import { DailyChart } from "./daily-chart";

const BLUE = "#2563eb";
const RED = "#dc2626";
const GREEN = "#16a34a";
const AMBER = "#d97706";

export function OverviewCharts({ daily }: { daily: DailyFigures[] }) {
  const t = useTranslations("Admin");
  const charts = useMemo(() => {
    const days = daily.map((entry) => entry.day);
    const of = (pick: (entry: DailyFigures) => number) => daily.map(pick);
    return {
      days,
      signups: [{ label: t("chartSignups"), color: BLUE, values: of((entry) => entry.signups) }],
      operations: [
        { label: t("chartOperations"), color: GREEN, values: of((entry) => entry.operations) },
        { label: t("chartFailed"), color: RED, values: of((entry) => entry.failed) },
      ],
      credits: [{ label: t("chartCreditsSpent"), color: AMBER, values: of((entry) => entry.creditsSpent) }],
      revenue: [{ label: t("chartRevenue"), color: BLUE, values: of((entry) => entry.revenueCents / 100) }],
    };
  }, [daily, t]);
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <DailyChart dayLabel={t("chartDay")} title={t("chartSignupsTitle")} days={charts.days} series={charts.signups} />
      <DailyChart dayLabel={t("chartDay")} title={t("chartOperationsTitle")} days={charts.days} series={charts.operations} />
      <DailyChart dayLabel={t("chartDay")} title={t("chartCreditsTitle")} days={charts.days} series={charts.credits} />
      <DailyChart dayLabel={t("chartDay")} title={t("chartRevenueTitle")} days={charts.days} series={charts.revenue} />
    </div>
  );
}
