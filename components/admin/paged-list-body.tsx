"use client";
// A console list's body: a spinner while its first page loads, the failure, a word when it is empty,
// its items, and the button that reads its next page.
import type { ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { LoadFailed } from "./load-failed";
import { LoadMoreButton } from "./load-more-button";
import type { usePagedList } from "./use-paged-list";

export function PagedListBody<Item>({
  list,
  empty,
  render,
}: {
  list: ReturnType<typeof usePagedList<Item>>;
  empty: string;
  render: (item: Item) => ReactNode;
}) {
  return (
    <>
      {list.isPending && <Spinner aria-hidden className="size-6" />}
      {list.isError && <LoadFailed error={list.error} />}
      {list.data &&
        (list.items.length === 0 ? <p className="text-muted-foreground text-sm">{empty}</p> : <ul className="grid gap-3">{list.items.map(render)}</ul>)}
      <LoadMoreButton list={list} />
    </>
  );
}
