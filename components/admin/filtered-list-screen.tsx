"use client";
// A console screen that is one list under a filter form (the operations, the audit trail): the form
// in its card, then the list in its own, page by page.
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { SectionCard } from "@/components/ui/card";
import { dayBounds, ListFilters, type FilterField, type Filters } from "./list-filters";
import { PagedListFrame } from "./paged-list-body";
import { usePagedList } from "./use-paged-list";

/** A list read under the filters its form applied, dates as whole days; `query` is what was asked. */
export function useFilteredList<Item>(path: string, initial: Filters | (() => Filters)) {
  const [filters, setFilters] = useState<Filters>(initial);
  const query = dayBounds(filters);
  return { filters, setFilters, query, list: usePagedList<Item>(path, query) };
}

export function FilteredListScreen<Item>({
  title,
  fields,
  filtered,
  actions,
  children,
}: {
  title: string;
  fields: FilterField[];
  filtered: ReturnType<typeof useFilteredList<Item>>;
  /** Beside the form's apply button, e.g. a download of the same selection. */
  actions?: ReactNode;
  /** The list's items, shown once its first page is read. */
  children: ReactNode;
}) {
  const t = useTranslations("Admin");
  return (
    <div className="grid min-w-0 gap-6">
      <SectionCard title={t("filtersLabel")} className="min-w-0">
        <ListFilters initial={filtered.filters} onApply={filtered.setFilters} fields={fields}>
          {actions}
        </ListFilters>
      </SectionCard>
      <SectionCard title={title} className="min-w-0" contentClassName="grid gap-3">
        <PagedListFrame list={filtered.list}>{children}</PagedListFrame>
      </SectionCard>
    </div>
  );
}
