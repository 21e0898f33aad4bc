"use client";
// The audit trail, newest first, filtered by who, what, which target and dates, and the same
// selection as a CSV download.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { withQuery } from "./admin-request";
import { AuditRows } from "./audit-rows";
import type { AuditEntry } from "./console-types";
import { FilteredListScreen, useFilteredList } from "./filtered-list-screen";

export function AuditScreen() {
  const t = useTranslations("Admin");
  const audit = useFilteredList<AuditEntry>("/api/admin/audit", {});
  return (
    <FilteredListScreen
      title={t("auditTitle")}
      filtered={audit}
      fields={[
        { name: "actor", label: t("colActor") },
        { name: "action", label: t("colAction") },
        { name: "target", label: t("colTarget") },
        { name: "from", label: t("fromLabel"), type: "date" },
        { name: "to", label: t("toLabel"), type: "date" },
      ]}
      actions={
        <Button asChild variant="outline">
          <a href={withQuery("/api/admin/audit/export", audit.query)} download>
            {t("exportCsv")}
          </a>
        </Button>
      }
    >
      <AuditRows entries={audit.list.items} />
    </FilteredListScreen>
  );
}
