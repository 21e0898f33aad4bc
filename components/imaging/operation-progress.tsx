"use client";
// The progress of the image operation this tab follows: what the worker is doing ("In queue, 2
// ahead", "Removing background", "Saving"), the percentage where it is known, and Cancel.
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { stageKey } from "./operation-stages";
import { cancelTrackedOperation, useTrackedOperation } from "./operation-tracker";

export function OperationProgress() {
  const t = useTranslations("Imaging");
  const tracked = useTrackedOperation();
  const [canceling, setCanceling] = useState(false);
  if (!tracked) return null;
  const view = tracked.view;
  const queued = !view || view.status === "queued";
  const stage = queued ? (view?.queuePosition ? t("stageQueuedAhead", { count: view.queuePosition }) : t("stageQueued")) : t(stageKey(view.stage));
  const percent = queued ? null : view.progress;

  async function cancel() {
    setCanceling(true);
    try {
      await cancelTrackedOperation();
    } finally {
      setCanceling(false);
    }
  }

  return (
    <div className="grid gap-1.5" data-testid="operation-progress">
      <div className="flex items-center justify-between gap-2 text-sm">
        <p role="status" aria-live="polite" className="min-w-0 truncate font-medium">
          {stage}
          {percent !== null && <span className="text-muted-foreground tabular-nums"> · {percent}%</span>}
        </p>
        <Button type="button" size="sm" variant="ghost" onClick={() => void cancel()} disabled={canceling} className="shrink-0">
          <X aria-hidden />
          {t("cancel")}
        </Button>
      </div>
      <Progress
        value={percent ?? undefined}
        aria-label={t("progressLabel")}
        aria-valuetext={stage}
        className={percent === null ? "animate-pulse" : undefined}
      />
    </div>
  );
}
