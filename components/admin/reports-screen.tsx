"use client";
// The console's Reports screen: reports (open ones first, the work to do; or those removed or
// dismissed) and owners' appeals of removals (those awaiting a decision first), each list newest
// first, a page at a time, with its status chosen above it.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SectionCard } from "@/components/ui/card";
import { SelectField } from "@/components/ui/select-field";
import { APPEAL_STATUSES, REPORT_STATUSES, type AppealStatusValue, type ReportStatusValue } from "@/lib/reports/report-values";
import type { AdminAppealRow, AdminReportRow } from "@/lib/validation/reports";
import { PagedListBody } from "./paged-list-body";
import { AppealActions } from "./report-actions";
import { ReportCard } from "./report-card";
import { useConsoleFormat } from "./use-console-format";
import { usePagedList } from "./use-paged-list";

/** A list's status, chosen above it. */
function StatusChoice<Status extends string>({
  label,
  value,
  values,
  word,
  onChange,
}: {
  label: string;
  value: Status;
  values: readonly Status[];
  word: (status: Status) => string;
  onChange: (status: Status) => void;
}) {
  return (
    <SelectField
      label={label}
      value={value}
      onChange={onChange}
      options={values.map((status) => ({ value: status, label: word(status) }))}
      className="max-w-xs gap-1.5"
    />
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
  const [reportStatus, setReportStatus] = useState<ReportStatusValue>("open");
  const [appealStatus, setAppealStatus] = useState<AppealStatusValue>("open");
  const reports = usePagedList<AdminReportRow>("/api/admin/reports", { status: reportStatus });
  const appeals = usePagedList<AdminAppealRow>("/api/admin/appeals", { status: appealStatus });
  return (
    <div className="grid min-w-0 gap-6">
      <p className="text-muted-foreground text-sm">{t("reportsIntro")}</p>
      <SectionCard title={t("reportsSection")} className="min-w-0" contentClassName="grid gap-3">
        <StatusChoice
          label={t("reportStatusLabel")}
          value={reportStatus}
          values={REPORT_STATUSES}
          word={(status) => t(`reportStatus_${status}`)}
          onChange={setReportStatus}
        />
        <PagedListBody list={reports} empty={t("noReports")} render={(report) => <ReportCard key={report.id} report={report} />} />
      </SectionCard>
      <SectionCard title={t("appealsSection")} className="min-w-0" contentClassName="grid gap-3">
        <StatusChoice
          label={t("appealStatusLabel")}
          value={appealStatus}
          values={APPEAL_STATUSES}
          word={(status) => t(`appealStatus_${status}`)}
          onChange={setAppealStatus}
        />
        <PagedListBody
          list={appeals}
          empty={t("noAppeals")}
          render={(appeal) => (
            <ReportCard key={appeal.id} report={appeal.report}>
              <AppealHeader appeal={appeal} />
            </ReportCard>
          )}
        />
      </SectionCard>
    </div>
  );
}
