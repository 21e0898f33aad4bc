"use client";
// A paid one-image tool's batch as the kit's stage and action: several files dropped at once become
// rows (1 run each, charged each), a start button that says the count and the credits, the shortfall
// when the balance cannot pay, and "Download all" as one ZIP. The tool gives its call and its words.
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { MAX_BATCH_FILES, MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import type { ImageCallBody } from "@/components/imaging/use-image-call";
import { useElapsedSeconds } from "@/components/imaging/use-image-operation";
import { ProcessButton } from "@/components/tools/shared-process-button";
import { toast } from "@/components/ui/toaster";
import { CREDIT_COSTS, type ChargeableOperation } from "@/lib/credits/costs";
import { BATCH_CONCURRENCY, useBatch } from "./use-batch";
import { useBatchCreditCheck } from "./use-batch-credit-check";
import { useBatchDownload } from "./use-batch-download";

// The batch rows load when a batch starts: most visits are one file.
const BatchList = dynamic(() => import("./batch-list").then((module) => module.BatchList), { ssr: false });

interface ToolBatchOptions {
  endpoint: string;
  charge: ChargeableOperation;
  bodyFor: (file: File) => Promise<ImageCallBody>;
  failedText: string;
  /** The start button's words for this many files and credits. */
  startLabel: (count: number, credits: number) => string;
  icon: ReactNode;
  /** Added to each result's file name, and the ZIP's name. */
  suffix: string;
  zipBase: string;
  /** Called when files join the batch (the single-image view is left). */
  onStart: () => void;
  /** The tool's own checks of its settings before credits; false after its own toast. */
  validate?: () => boolean;
}

export function useToolBatch(options: ToolBatchOptions) {
  const tb = useTranslations("Batch");
  const batch = useBatch({ endpoint: options.endpoint, bodyFor: options.bodyFor, failedText: options.failedText, concurrency: BATCH_CONCURRENCY });
  const credits = useBatchCreditCheck(options.charge);
  const downloadAll = useBatchDownload(options.suffix, options.zipBase);
  const seconds = useElapsedSeconds(batch.running);
  const active = batch.items.length > 0;
  const short = active ? credits.shortfall(batch.pending) : null;

  function add(files: File[]) {
    options.onStart();
    const leftOut = batch.add(files);
    if (leftOut > 0) toast.error(tb("tooManyTitle"), { description: tb("tooManyBody", { count: leftOut, max: MAX_BATCH_FILES }) });
  }

  const stage = active ? (
    <BatchList
      items={batch.items}
      running={batch.running}
      accept={TOOL_ACCEPT}
      maxSize={MAX_IMAGE_BYTES}
      onAdd={add}
      onRemove={batch.remove}
      onRetry={(id) => {
        if ((options.validate?.() ?? true) && credits.check(1)) void batch.start([id]);
      }}
      onClear={batch.clear}
      onDownloadAll={() => downloadAll(batch.items)}
    />
  ) : undefined;

  const action = active ? (
    <div className="grid gap-2">
      <ProcessButton
        busy={batch.running}
        label={batch.pending === 0 ? tb("allDone") : options.startLabel(batch.pending, batch.pending * CREDIT_COSTS[options.charge])}
        busyLabel={tb("working", { seconds })}
        icon={options.icon}
        onClick={() => {
          if ((options.validate?.() ?? true) && credits.check(batch.pending)) void batch.start();
        }}
        disabled={batch.pending === 0}
      />
      {short && (
        <p className="text-destructive text-center text-sm" data-testid="batch-credit-note">
          {tb("notEnoughCredits", { ...short, files: batch.pending })}
        </p>
      )}
    </div>
  ) : undefined;

  return { add, stage, action, running: batch.running, active };
}
