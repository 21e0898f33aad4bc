"use client";
// The account's credit history: every change of balance, newest first, so a user sees where each
// credit went (spends, refunds, trial, monthly plan credits, purchases).
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { TOOLS } from "@/lib/tools/registry";
import type { CreditTransactionView } from "@/lib/validation/credits";
import { useCreditTransactions } from "./use-credits";

/**
 * What a ledger row's `operation` may name, each with its Credits.activity_<name> text: every tool
 * that charges (from the tool registry, so a new paid tool's spends are named, not "other"), and the
 * grants of the plans and packs.
 */
const KNOWN_ACTIVITIES = new Set<string>([
  ...TOOLS.flatMap((tool): string[] => (tool.cost > 0 && tool.kind ? [tool.kind] : [])),
  "trial",
  "essential",
  "pro",
  "pro_credit_pack",
]);

export function useActivityLabel() {
  const t = useTranslations("Credits");
  return (row: Pick<CreditTransactionView, "kind" | "operation">): string => {
    const activity = row.operation && KNOWN_ACTIVITIES.has(row.operation) ? t(`activity_${row.operation}` as "activity_generate") : t("activity_other");
    return row.kind === "refund" ? t("refundOf", { activity }) : activity;
  };
}

export function LedgerList() {
  const t = useTranslations("Credits");
  const format = useFormatter();
  const label = useActivityLabel();
  const history = useCreditTransactions();
  const rows = history.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("historyTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Spinner className="mx-auto size-6" />
        ) : history.isError ? (
          <p className="text-destructive text-sm">{t("historyFailed")}</p>
        ) : rows.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("historyEmpty")}</p>
        ) : (
          <ul className="divide-y" data-testid="ledger">
            {rows.map((row) => (
              <li key={row.id} className="flex items-center gap-3 py-3" data-testid="ledger-row">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{label(row)}</p>
                  <p className="text-muted-foreground text-xs">
                    <time dateTime={row.createdAt}>{format.dateTime(new Date(row.createdAt), { dateStyle: "medium", timeStyle: "short" })}</time>
                  </p>
                </div>
                <div className="text-right">
                  <p className={cn("font-semibold tabular-nums", row.delta > 0 ? "text-emerald-600 dark:text-emerald-400" : "text-foreground")}>
                    {row.delta > 0 ? `+${row.delta}` : `−${Math.abs(row.delta)}`}
                  </p>
                  <p className="text-muted-foreground text-xs tabular-nums">{t("balanceAfter", { count: row.balanceAfter })}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {history.hasNextPage && (
          <Button variant="outline" className="mt-4 w-full" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            {history.isFetchingNextPage && <Spinner />}
            {t("loadMore")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
