"use client";
// One report as the Reports screen shows it: the picture (through the console's own gated address),
// the address, category, explanation, reporter and owner, the share's state, and either the decisions
// (an open report) or the decision taken and any appeal. Stacks on a phone, so it fits 320 px.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import type { AdminReportRow } from "@/lib/validation/reports";
import { PictureCard } from "./console-picture";
import { ReportActions } from "./report-actions";
import { useConsoleFormat } from "./use-console-format";

export function ReportCard({ report, children }: { report: AdminReportRow; children?: ReactNode }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  const reporter = [report.reporterName, report.reporterEmail].filter(Boolean).join(" · ") || t("reportAnonymous");
  return (
    <PictureCard data-testid="report-item" data-report-id={report.id} picture={{ src: report.imageUrl, alt: t("reportImageAlt", { id: report.id }) }}>
      {children}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("reportAddress")}</dt>
        <dd className="break-all">{report.url}</dd>
        <dt className="text-muted-foreground">{t("reportCategory")}</dt>
        <dd>{t(`reportCategory_${report.category as "other"}`)}</dd>
        <dt className="text-muted-foreground">{t("reportExplanation")}</dt>
        <dd className="break-words whitespace-pre-wrap">{report.explanation}</dd>
        <dt className="text-muted-foreground">{t("reportReporter")}</dt>
        <dd className="break-words">{reporter}</dd>
        <dt className="text-muted-foreground">{t("reportReceived")}</dt>
        <dd>{f.moment(report.createdAt)}</dd>
        <dt className="text-muted-foreground">{t("reportOwner")}</dt>
        <dd className="break-words">{report.target.ownerEmail ?? t("reportNoOwner")}</dd>
      </dl>
      <p className="flex flex-wrap gap-2">
        {report.target.hidden && <Badge variant="secondary">{t("reportHidden")}</Badge>}
        {report.target.revoked && <Badge variant="secondary">{t("reportRevoked")}</Badge>}
        {report.status !== "open" && (
          <Badge variant={report.status === "removed" ? "destructive" : "success"}>{t(`reportStatus_${report.status as "open"}`)}</Badge>
        )}
        {report.appeal && <Badge variant="outline">{t(`appealStatus_${report.appeal.status as "open"}`)}</Badge>}
      </p>
      {report.status === "open" ? (
        <ReportActions reportId={report.id} category={report.category} hasOwner={report.target.ownerId !== null} />
      ) : (
        <p className="text-muted-foreground text-sm break-words">
          {t("reportDecided", { date: f.moment(report.decidedAt) })}
          {report.decisionRule && ` · ${t("reportRule")}: ${t(`reportCategory_${report.decisionRule as "other"}`)}`}
          {report.decisionNote && ` · ${report.decisionNote}`}
        </p>
      )}
    </PictureCard>
  );
}
