"use client";
// The console's Reports screen: reports (open ones first, the work to do; or those removed or
// dismissed) and owners' appeals of removals (those awaiting a decision first), each list newest
// first, a page at a time, with its status chosen above it.
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { SectionCard } from "@/components/ui/card";
import { SelectField } from "@/components/ui/select-field";
import { APPEAL_STATUSES, REPORT_STATUSES } from "@/lib/reports/report-values";
import type { AdminAppealRow, AdminReportRow } from "@/lib/validation/reports";
import { PagedListBody } from "./paged-list-body";
import { AppealActions } from "./report-actions";
import { ReportCard } from "./report-card";
import { useConsoleFormat } from "./use-console-format";
import { usePagedList } from "./use-paged-list";

/** One of the screen's lists in its card: its status chosen above it, then its items a page at a time. */
function StatusListSection<Status extends string, Item>({
  title,
  path,
  label,
  statuses,
  initial,
  word,
  empty,
  render,
}: {
  title: string;
  path: string;
  label: string;
  statuses: readonly Status[];
  initial: Status;
  word: (status: Status) => string;
  empty: string;
  render: (item: Item) => ReactNode;
}) {
  const [status, setStatus] = useState<Status>(initial);
  const list = usePagedList<Item>(path, { status });
  return (
    <SectionCard title={title} className="min-w-0" contentClassName="grid gap-3">
      <SelectField
        label={label}
        value={status}
        onChange={setStatus}
        options={statuses.map((value) => ({ value, label: word(value) }))}
        className="max-w-xs gap-1.5"
      />
      <PagedListBody list={list} empty={empty} render={render} />
    </SectionCard>
  );
}

function AppealHeader({ appeal }: { appeal: AdminAppealRow }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  return (
    <div className="bg-muted grid gap-2 rounded-md p-3 text-sm" data-testid="appeal-item" data-appeal-id={appeal.id}>
      <p className="font-medium">{t("appealBy", { email: appeal.ownerEmail ?? "—", date: f.moment(appeal.createdAt) })}</p>
      <p className="break-words whitespace-pre-wrap">{appeal.text}</p>
      {appeal.status === "open" ? (
        <AppealActions appealId={appeal.id} />
      ) : (
        <p className="text-muted-foreground">
          {t(`appealStatus_${appeal.status as "open"}`)} · {f.moment(appeal.decidedAt)}
        </p>
      )}
    </div>
  );
}

export function ReportsScreen() {
  const t = useTranslations("Admin");
  return (
    <div className="grid min-w-0 gap-6">
      <p className="text-muted-foreground text-sm">{t("reportsIntro")}</p>
      <StatusListSection
        title={t("reportsSection")}
        path="/api/admin/reports"
        label={t("reportStatusLabel")}
        statuses={REPORT_STATUSES}
        initial="open"
        word={(status) => t(`reportStatus_${status}`)}
        empty={t("noReports")}
        render={(report: AdminReportRow) => <ReportCard key={report.id} report={report} />}
      />
      <StatusListSection
        title={t("appealsSection")}
        path="/api/admin/appeals"
        label={t("appealStatusLabel")}
        statuses={APPEAL_STATUSES}
        initial="open"
        word={(status) => t(`appealStatus_${status}`)}
        empty={t("noAppeals")}
        render={(appeal: AdminAppealRow) => (
          <ReportCard key={appeal.id} report={appeal.report}>
            <AppealHeader appeal={appeal} />
          </ReportCard>
        )}
      />
    </div>
  );
}
