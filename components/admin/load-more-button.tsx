"use client";
// The button under a console list that reads its next page, shown while there is one.
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function LoadMoreButton({ list }: { list: PagedList }) {
  const t = useTranslations("Admin");
  if (!list.hasNextPage) return null;
  return (
    <Button variant="outline" size="sm" className="w-fit" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
      {t("loadMore")}
    </Button>
  );
}
