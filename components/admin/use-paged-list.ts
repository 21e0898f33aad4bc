"use client";
// A console list read page by page ({ items, nextCursor }): the operations, the audit trail, a
// user's ledger. Changing the filters starts again from the first page.
import { useInfiniteQuery } from "@tanstack/react-query";
import type { Page } from "@/lib/validation/admin";
import { ADMIN_QUERY_KEY, adminRequest, withQuery } from "./admin-request";

export function usePagedList<Item>(path: string, filters: Record<string, string | undefined> = {}) {
  const query = useInfiniteQuery({
    queryKey: [...ADMIN_QUERY_KEY, path, filters],
    queryFn: ({ pageParam }) => adminRequest<Page<Item>>("GET", withQuery(path, { ...filters, cursor: pageParam })),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
