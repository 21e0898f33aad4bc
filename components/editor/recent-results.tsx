"use client";
// Results made while the user was away (or in another tab), offered back: every operation is kept
// on the server with its stored result.
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { apiRequest } from "@/lib/api/client";
import type { RecentResult } from "@/lib/imaging/history";

export function RecentResults({ onPick }: { onPick: (result: RecentResult) => void }) {
  const t = useTranslations("Editor");
  const recent = useQuery({ queryKey: ["operations", "recent"], queryFn: () => apiRequest<RecentResult[]>("GET", "/api/operations/recent"), staleTime: 0 });
  if (!recent.data?.length) return null;
  return (
    <div className="grid gap-2" data-testid="recent-results">
      <p className="text-sm font-medium">{t("recentTitle")}</p>
      <div className="flex gap-2 overflow-x-auto pb-1">
        {recent.data.map((result) => (
          <button
            key={result.operationId}
            type="button"
            onClick={() => onPick(result)}
            className="hover:ring-primary shrink-0 rounded-md ring-offset-2 hover:ring-2"
            title={result.prompt ?? undefined}
            aria-label={t("recentUse", { prompt: result.prompt ?? "" })}
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- small thumbnails of our own results */}
            <img src={result.imageUrl} alt="" className="size-16 rounded-md object-cover" loading="lazy" />
          </button>
        ))}
      </div>
    </div>
  );
}
