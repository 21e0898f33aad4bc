"use client";
// The console's first screen: how the business did today, over 7 or 30 days: figures in cards, the
// days in charts, and tables of operations by kind and outcome, their timings, and plans held.
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Card, SectionCard } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { LoadFailed } from "./load-failed";
import { ADMIN_QUERY_KEY, adminRequest } from "./admin-request";
import { OVERVIEW_RANGES, type Overview, type OverviewRange } from "./console-types";
import { Cell, DataTable } from "./data-table";
import { OverviewCharts } from "./overview-charts";
import { useConsoleFormat } from "./use-console-format";

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card className="grid gap-1 p-4" data-testid={testId}>
      <p className="text-muted-foreground text-xs">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
    </Card>
  );
}

function RangePicker({ range, onChange }: { range: OverviewRange; onChange: (range: OverviewRange) => void }) {
  const t = useTranslations("Admin");
  return (
    <div role="group" aria-label={t("rangeLabel")} className="border-border inline-flex w-fit rounded-md border p-0.5">
      {OVERVIEW_RANGES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={range === value}
          onClick={() => onChange(value)}
          className={cn("cursor-pointer rounded px-3 py-1.5 text-sm", range === value ? "bg-primary text-primary-foreground" : "hover:bg-accent")}
        >
          {t(`range_${value}`)}
        </button>
      ))}
    </div>
  );
}

function OverviewTables({ overview }: { overview: Overview }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SectionCard title={t("operationsByKind")} className="min-w-0">
        <DataTable
          label={t("operationsByKind")}
          columns={[t("colKind"), t("colStatus"), t("colCount")]}
          empty={t("nothingYet")}
          rowCount={overview.operations.length}
        >
          {overview.operations.map((row) => (
            <tr key={`${row.kind}:${row.status}`}>
              <Cell>{row.kind}</Cell>
              <Cell>{row.status}</Cell>
              <Cell className="tabular-nums">{f.count(row.count)}</Cell>
            </tr>
          ))}
        </DataTable>
      </SectionCard>
      <SectionCard title={t("subscriptionsByPlan")} className="min-w-0">
        <DataTable
          label={t("subscriptionsByPlan")}
          columns={[t("colPlan"), t("colCount")]}
          empty={t("nothingYet")}
          rowCount={overview.subscriptionsByPlan.length}
        >
          {overview.subscriptionsByPlan.map((row) => (
            <tr key={row.planId}>
              <Cell>{row.planName}</Cell>
              <Cell className="tabular-nums">{f.count(row.count)}</Cell>
            </tr>
          ))}
        </DataTable>
      </SectionCard>
      <SectionCard title={t("timings")} description={t("timingsDescription")} className="min-w-0 lg:col-span-2">
        <DataTable
          label={t("timings")}
          columns={[t("colKind"), t("colQueueP50"), t("colQueueP95"), t("colRunP50"), t("colRunP95")]}
          empty={t("nothingYet")}
          rowCount={overview.timings.length}
        >
          {overview.timings.map((row) => (
            <tr key={row.kind}>
              <Cell>{row.kind}</Cell>
              <Cell className="tabular-nums">{f.duration(row.queueWaitP50Ms)}</Cell>
              <Cell className="tabular-nums">{f.duration(row.queueWaitP95Ms)}</Cell>
              <Cell className="tabular-nums">{f.duration(row.runP50Ms)}</Cell>
              <Cell className="tabular-nums">{f.duration(row.runP95Ms)}</Cell>
            </tr>
          ))}
        </DataTable>
      </SectionCard>
    </div>
  );
}

export function OverviewScreen() {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  const [range, setRange] = useState<OverviewRange>("7d");
  const overview = useQuery({
    queryKey: [...ADMIN_QUERY_KEY, "overview", range],
    queryFn: () => adminRequest<Overview>("GET", `/api/admin/overview?range=${range}`),
  });
  const data = overview.data;
  return (
    <div className="grid min-w-0 gap-6">
      <RangePicker range={range} onChange={setRange} />
      {overview.isPending && <Spinner aria-hidden className="size-6" />}
      {overview.isError && <LoadFailed error={overview.error} />}
      {data && (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure testId="figure-signups" label={t("figureSignups")} value={f.count(data.signups)} />
            <Figure testId="figure-active" label={t("figureActiveUsers")} value={f.count(data.activeUsers)} />
            <Figure testId="figure-failure-rate" label={t("figureFailureRate")} value={f.share(data.failureRate)} />
            <Figure testId="figure-credits-spent" label={t("figureCreditsSpent")} value={f.count(data.credits.spent)} />
            <Figure testId="figure-credits-granted" label={t("figureCreditsGranted")} value={f.count(data.credits.granted)} />
            <Figure testId="figure-credits-refunded" label={t("figureCreditsRefunded")} value={f.count(data.credits.refunded)} />
            <Figure testId="figure-invoices" label={t("figureInvoices")} value={f.money(data.revenue.invoicesCents, data.revenue.currency)} />
            <Figure testId="figure-packs" label={t("figurePacks")} value={f.money(data.revenue.packsCents, data.revenue.currency)} />
          </div>
          <SectionCard title={t("byDay")} className="min-w-0">
            <OverviewCharts daily={data.daily} />
          </SectionCard>
          <OverviewTables overview={data} />
        </>
      )}
    </div>
  );
}
