"use client";
// A console list's body: a spinner while its first page loads, the failure, its items once read, and
// the button that reads its next page; PagedListBody adds a word when it is empty and lays out cards.
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { LoadFailed } from "./load-failed";
import { LoadMoreButton } from "./load-more-button";
import type { usePagedList } from "./use-paged-list";

type PagedList<Item> = ReturnType<typeof usePagedList<Item>>;

/** The states around a list's items; `children` shows once its first page is read. */
export function PagedListFrame<Item>({ list, children }: { list: PagedList<Item>; children: ReactNode }) {
  return (
    <>
      {list.isPending && <Spinner aria-hidden className="size-6" />}
      {list.isError && <LoadFailed error={list.error} />}
      {list.data && children}
      <LoadMoreButton list={list} />
    </>
  );
}

export function PagedListBody<Item>({ list, empty, render }: { list: PagedList<Item>; empty: string; render: (item: Item) => ReactNode }) {
  return (
    <PagedListFrame list={list}>
      {list.items.length === 0 ? <p className="text-muted-foreground text-sm">{empty}</p> : <ul className="grid gap-3">{list.items.map(render)}</ul>}
    </PagedListFrame>
  );
}
