"use client";
// The decisions on an open report, each through the reason dialog with its own Idempotency-Key:
// remove (under a rule, the report's own category unless another fits better; the owner gets a
// statement of reasons), dismiss, and suspend the owner; and the two decisions on an owner's appeal.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SelectField } from "@/components/ui/select-field";
import { REPORT_CATEGORIES } from "@/lib/reports/report-values";
import { adminRequest } from "./admin-request";
import { SuspendAction } from "./choice-action";
import { ReasonDialog, reasonWords } from "./reason-dialog";

export function ReportActions({ reportId, category, hasOwner }: { reportId: string; category: string; hasOwner: boolean }) {
  const t = useTranslations("Admin");
  const [rule, setRule] = useState(category);
  const path = `/api/admin/reports/${encodeURIComponent(reportId)}`;
  const rules = REPORT_CATEGORIES.map((value) => ({ value, label: t(`reportCategory_${value}`) }));
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog
        {...reasonWords(t, "removeReport")}
        variant="destructive"
        onOpen={() => setRule(category)}
        send={(reason, key) => adminRequest("POST", path, { body: { decision: "remove", rule, reason }, idempotencyKey: key })}
      >
        <SelectField label={t("ruleLabel")} value={rule} onChange={setRule} options={rules} />
      </ReasonDialog>
      <ReasonDialog
        {...reasonWords(t, "dismissReport")}
        send={(reason, key) => adminRequest("POST", path, { body: { decision: "dismiss", reason }, idempotencyKey: key })}
      />
      {hasOwner && <SuspendAction action="suspendOwner" path={`${path}/suspension`} />}
    </div>
  );
}

export function AppealActions({ appealId }: { appealId: string }) {
  const t = useTranslations("Admin");
  const path = `/api/admin/appeals/${encodeURIComponent(appealId)}`;
  const decide = (decision: "uphold" | "reverse") => (reason: string, key: string) =>
    adminRequest("POST", path, { body: { decision, reason }, idempotencyKey: key });
  return (
    <div className="flex flex-wrap gap-2">
      <ReasonDialog {...reasonWords(t, "uphold")} send={decide("uphold")} />
      <ReasonDialog {...reasonWords(t, "reverse")} send={decide("reverse")} />
    </div>
  );
}
