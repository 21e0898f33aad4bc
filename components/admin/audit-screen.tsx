"use client";
// The audit trail, newest first, filtered by who, what, which target and dates, and the same
// selection as a CSV download.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { withQuery } from "./admin-request";
import { AuditRows } from "./audit-rows";
import type { AuditEntry } from "./console-types";
import { FilteredListScreen } from "./filtered-list-screen";
import { dayBounds, type Filters } from "./list-filters";
import { usePagedList } from "./use-paged-list";

export function AuditScreen() {
  const t = useTranslations("Admin");
  const [filters, setFilters] = useState<Filters>({});
  const query = dayBounds(filters);
  const list = usePagedList<AuditEntry>("/api/admin/audit", query);
  return (
    <FilteredListScreen
      title={t("auditTitle")}
      filters={filters}
      onApply={setFilters}
      fields={[
        { name: "actor", label: t("colActor") },
        { name: "action", label: t("colAction") },
        { name: "target", label: t("colTarget") },
        { name: "from", label: t("fromLabel"), type: "date" },
        { name: "to", label: t("toLabel"), type: "date" },
      ]}
      actions={
        <Button asChild variant="outline">
          <a href={withQuery("/api/admin/audit/export", query)} download>
            {t("exportCsv")}
          </a>
        </Button>
      }
      list={list}
    >
      <AuditRows entries={list.items} />
    </FilteredListScreen>
  );
}
