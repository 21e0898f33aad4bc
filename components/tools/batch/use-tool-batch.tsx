"use client";
// A paid one-image tool's batch as the kit's stage and action: several files dropped at once become
// rows (1 run each, charged each), a start button that says the count and the credits, the shortfall
// when the balance cannot pay, and "Download all" as one ZIP. The call, the charge, the checks and
// the start button's words ("startBatch") and its result names are the tool's.
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useCallback, type ReactNode } from "react";
import { MAX_BATCH_FILES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import type { ImageCallBody } from "@/components/imaging/use-image-call";
import { useElapsedSeconds } from "@/components/imaging/use-image-operation";
import { ProcessButton } from "@/components/tools/shared-process-button";
import { toast } from "@/components/ui/toaster";
import { SINGLE_IMAGE_TOOLS, type SingleImageNamespace } from "@/components/tools/single-image-tools";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import { BATCH_CONCURRENCY, useBatch } from "./use-batch";
import { useBatchCreditCheck } from "./use-batch-credit-check";
import { useBatchDownload } from "./use-batch-download";

// The batch rows load when a batch starts: most visits are one file.
const BatchList = dynamic(() => import("./batch-list").then((module) => module.BatchList), { ssr: false });

/** What a batch needs of its tool (useSingleImageTool's state). */
interface BatchTool<Choice> {
  namespace: SingleImageNamespace;
  choose: (file: File | null) => void;
  check: (choice: Choice) => boolean;
}

interface ToolBatchOptions<Choice> {
  /** The tool's form for one file, and the choice each file runs with. */
  form: (file: File, choice: Choice) => FormData;
  choice: Choice;
  icon: ReactNode;
  /** The results' names: "photo-1-no-bg.png" (suffix "-no-bg") inside "no-bg-….zip" (zip "no-bg"). */
  files: { suffix: string; zip: string };
}

export function useToolBatch<Choice>(tool: BatchTool<Choice>, options: ToolBatchOptions<Choice>) {
  const tb = useTranslations("Batch");
  const t = useTranslations(tool.namespace);
  const { call, charge } = SINGLE_IMAGE_TOOLS[tool.namespace];
  const { form, choice } = options;
  const bodyFor = useCallback(async (file: File): Promise<ImageCallBody> => ({ form: form(file, choice) }), [form, choice]);
  const batch = useBatch({ endpoint: call, bodyFor, failedText: t("failed"), concurrency: BATCH_CONCURRENCY });
  const credits = useBatchCreditCheck(charge);
  const downloadAll = useBatchDownload(options.files.suffix, options.files.zip);
  const seconds = useElapsedSeconds(batch.running);
  const active = batch.items.length > 0;
  const short = active ? credits.shortfall(batch.pending) : null;

  function add(files: File[]) {
    tool.choose(null);
    const leftOut = batch.add(files);
    if (leftOut > 0) toast.error(tb("tooManyTitle"), { description: tb("tooManyBody", { count: leftOut, max: MAX_BATCH_FILES }) });
  }

  const stage = active ? (
    <BatchList
      batch={batch}
      accept={TOOL_ACCEPT}
      onAdd={add}
      onRetry={(id) => {
        if (tool.check(choice) && credits.check(1)) void batch.start([id]);
      }}
      onDownloadAll={downloadAll}
    />
  ) : undefined;

  const action = active ? (
    <div className="grid gap-2">
      <ProcessButton
        busy={batch.running}
        label={batch.pending === 0 ? tb("allDone") : t("startBatch", { count: batch.pending, credits: batch.pending * CREDIT_COSTS[charge] })}
        busyLabel={tb("working", { seconds })}
        icon={options.icon}
        onClick={() => {
          if (tool.check(choice) && credits.check(batch.pending)) void batch.start();
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
