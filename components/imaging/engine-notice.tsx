"use client";
// Says plainly when an operation runs on the built-in offline engine rather than an AI provider.
import { useQuery } from "@tanstack/react-query";
import { Info } from "lucide-react";
import { useTranslations } from "next-intl";
import { apiRequest } from "@/lib/api/client";
import type { EngineOperation } from "@/lib/imaging/types";

export function useEngine() {
  return useQuery({
    queryKey: ["imaging", "engine"],
    queryFn: () => apiRequest<Record<EngineOperation | "generativeFill", string>>("GET", "/api/imaging/engine"),
  });
}

export function EngineNotice({ operations }: { operations: EngineOperation[] }) {
  const t = useTranslations("Imaging");
  const engine = useEngine();
  if (!engine.data || !operations.some((operation) => engine.data[operation] === "local")) return null;
  return (
    <p className="text-muted-foreground flex items-start gap-2 rounded-lg border border-dashed p-3 text-xs" data-testid="engine-notice">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
      {t("offlineEngine")}
    </p>
  );
}
