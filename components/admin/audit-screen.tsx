"use client";
// The audit trail, newest first, filtered by who, what, which target and dates, and the same
// selection as a CSV download.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { withQuery } from "./admin-request";
import { AuditRows } from "./audit-rows";
import type { AuditEntry } from "./console-types";
import { dayBounds, ListFilters, type Filters } from "./list-filters";
import { LoadFailed } from "./load-failed";
import { LoadMoreButton } from "./load-more-button";
import { usePagedList } from "./use-paged-list";

export function AuditScreen() {
  const t = useTranslations("Admin");
  const [filters, setFilters] = useState<Filters>({});
  const query = dayBounds(filters);
  const list = usePagedList<AuditEntry>("/api/admin/audit", query);
  return (
    <div className="grid min-w-0 gap-6">
      <SectionCard title={t("filtersLabel")} className="min-w-0">
        <ListFilters
          initial={filters}
          onApply={setFilters}
          fields={[
            { name: "actor", label: t("colActor") },
            { name: "action", label: t("colAction") },
            { name: "target", label: t("colTarget") },
            { name: "from", label: t("fromLabel"), type: "date" },
            { name: "to", label: t("toLabel"), type: "date" },
          ]}
        >
          <Button asChild variant="outline">
            <a href={withQuery("/api/admin/audit/export", query)} download>
              {t("exportCsv")}
            </a>
          </Button>
        </ListFilters>
      </SectionCard>
      <SectionCard title={t("auditTitle")} className="min-w-0" contentClassName="grid gap-3">
        {list.isPending && <Spinner aria-hidden className="size-6" />}
        {list.isError && <LoadFailed error={list.error} />}
        {list.data && <AuditRows entries={list.items} />}
        <LoadMoreButton list={list} />
      </SectionCard>
    </div>
  );
}
