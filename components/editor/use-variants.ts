"use client";
// Several images for one prompt: one request asks for them all (each its own operation and charge),
// then each tile fills in as its image arrives, or says it failed and was refunded. The person picks
// one; nothing becomes the result until then.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { refreshAccount } from "@/components/credits/credit-keys";
import { followOperationGroup } from "@/components/imaging/operation-tracker";
import { failureOf, useImageFailure } from "@/components/imaging/use-image-call";
import { toast } from "@/components/ui/toaster";
import { apiErrorFrom } from "@/lib/api/client";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import type { AspectRatio } from "@/lib/imaging/types";
import { isTerminalStatus, type OperationView } from "@/lib/validation/operations";

/** The variants of one prompt. */
export interface VariantBatch {
  prompt: string;
  tiles: VariantTile[];
}

export interface VariantTile {
  operationId: string;
  status: "waiting" | "ready" | "failed";
  sample: string | null;
  width: number | null;
  height: number | null;
}

function tileOf(tile: VariantTile, view: OperationView): VariantTile {
  if (!isTerminalStatus(view.status)) return tile;
  if (view.status === "succeeded" && view.result) return { ...tile, status: "ready", sample: view.result.sample, width: view.width, height: view.height };
  return { ...tile, status: "failed" };
}

export function useVariants() {
  const t = useTranslations("Variants");
  const te = useTranslations("Editor");
  const showFailure = useImageFailure();
  const queryClient = useQueryClient();
  const [batch, setBatch] = useState<VariantBatch | null>(null);

  /** Asks for `count` images when `have` credits pay for them all; true when at least one was made. */
  const generate = useCallback(
    async ({ prompt, aspectRatio, count, have }: { prompt: string; aspectRatio: AspectRatio; count: number; have: number }): Promise<boolean> => {
      const need = CREDIT_COSTS.generate * count;
      if (have < need) {
        toast.error(t("notEnoughTitle"), { description: t("notEnough", { count, need, have }) });
        return false;
      }
      setBatch(null);
      try {
        const response = await fetch("/api/flux/generate", {
          method: "POST",
          credentials: "include",
          headers: { "Content-Type": "application/json", Prefer: "respond-async" },
          body: JSON.stringify({ prompt, aspectRatio, count }),
        });
        if (response.status !== 202) throw apiErrorFrom(response.status, await response.text());
        const { operationIds } = (await response.json()) as { operationIds: string[] };
        setBatch({ prompt, tiles: operationIds.map((operationId) => ({ operationId, status: "waiting", sample: null, width: null, height: null })) });
        const views = await followOperationGroup(operationIds, window.location.pathname, (index, view) => {
          setBatch((current) => current && { ...current, tiles: current.tiles.map((tile, at) => (at === index ? tileOf(tile, view) : tile)) });
        });
        const made = views.filter((view) => view?.status === "succeeded" && view.result).length;
        if (made === 0) {
          setBatch(null);
          showFailure(failureOf(views.find((view) => view !== null) ?? null), { fallback: te("failed") });
        } else if (made < views.length) {
          toast.info(t("someFailedTitle"), { description: t("someFailedBody", { failed: views.length - made, count: views.length }) });
        }
        return made > 0;
      } catch (error) {
        showFailure(error, { fallback: te("failed") });
        return false;
      } finally {
        void refreshAccount(queryClient);
      }
    },
    [t, te, showFailure, queryClient],
  );

  const clear = useCallback(() => setBatch(null), []);
  return { batch, generate, clear };
}
