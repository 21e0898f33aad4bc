"use client";
// A console screen that is one list under a filter form (the operations, the audit trail): the form
// in its card, then the list in its own, page by page.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SectionCard } from "@/components/ui/card";
import { ListFilters, type FilterField, type Filters } from "./list-filters";
import { PagedListFrame } from "./paged-list-body";
import type { usePagedList } from "./use-paged-list";

export function FilteredListScreen<Item>({
  title,
  fields,
  filters,
  onApply,
  actions,
  list,
  children,
}: {
  title: string;
  fields: FilterField[];
  filters: Filters;
  onApply: (filters: Filters) => void;
  /** Beside the form's apply button, e.g. a download of the same selection. */
  actions?: ReactNode;
  list: ReturnType<typeof usePagedList<Item>>;
  /** The list's items, shown once its first page is read. */
  children: ReactNode;
}) {
  const t = useTranslations("Admin");
  return (
    <div className="grid min-w-0 gap-6">
      <SectionCard title={t("filtersLabel")} className="min-w-0">
        <ListFilters initial={filters} onApply={onApply} fields={fields}>
          {actions}
        </ListFilters>
      </SectionCard>
      <SectionCard title={title} className="min-w-0" contentClassName="grid gap-3">
        <PagedListFrame list={list}>{children}</PagedListFrame>
      </SectionCard>
    </div>
  );
}
