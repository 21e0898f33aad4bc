"use client";
// The Background removal screen (spec §2): upload, pick a preset or describe a backdrop, remove the
// background for 1 credit, then compare, save and download the PNG. Several files at once make a
// batch: a row each, 1 credit each, and one ZIP of the results.
import { Eraser } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { MAX_BATCH_FILES, MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { ResultActions } from "@/components/imaging/result-actions";
import { useResumeOperation } from "@/components/imaging/use-resume-operation";
import { BATCH_CONCURRENCY, useBatch } from "@/components/tools/batch/use-batch";
import { useBatchCreditCheck } from "@/components/tools/batch/use-batch-credit-check";
import { useBatchDownload } from "@/components/tools/batch/use-batch-download";
import { ToolCreditNotice } from "@/components/tools/shared-credit-notice";
import { CustomText } from "@/components/tools/shared-custom-text";
import { ImageStage, useLocalImage } from "@/components/tools/shared-image-stage";
import { ProcessButton, useElapsedSeconds } from "@/components/tools/shared-process-button";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Card } from "@/components/ui/card";
import { clientLazy } from "@/components/ui/client-lazy";
import { toast } from "@/components/ui/toaster";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import type { BackgroundPreset } from "@/lib/imaging/types";
import { STYLE_TEXT_MAX } from "@/lib/validation/limits";
import { BackgroundPresets } from "./background-presets";
import { removalForm, useRemoveBackground } from "./use-remove-background";

// The batch rows load when a batch starts: most visits are one file.
const BatchList = clientLazy(() => import("@/components/tools/batch/batch-list").then((module) => module.BatchList));

const COST = CREDIT_COSTS.background_removal;

export function BackgroundRemovalScreen() {
  const t = useTranslations("BackgroundRemoval");
  const { data: user } = useCurrentUser();
  const [image, setImage] = useLocalImage();
  const [preset, setPreset] = useState<BackgroundPreset>("none");
  const [custom, setCustom] = useState("");
  const [result, setResult] = useState<{ url: string; prompt: string | null } | null>(null);
  const { run, busy: running } = useRemoveBackground();
  // A reload during the work picks the operation up again and shows its result here.
  const resuming = useResumeOperation({ fallback: t("failed") }, (resumed) => {
    if (resumed.source) setImage(resumed.source);
    setResult({ url: resumed.url, prompt: null });
  });
  const usingCustom = custom.trim().length > 0;
  const tb = useTranslations("Batch");
  const bodyFor = useCallback(async (file: File) => ({ form: removalForm(file, { preset, custom }) }), [preset, custom]);
  const batch = useBatch({ endpoint: "/api/flux/edit", bodyFor, failedText: t("failed"), concurrency: BATCH_CONCURRENCY });
  const batchCredits = useBatchCreditCheck("background_removal");
  const downloadAll = useBatchDownload("-no-bg", "no-bg");
  const batchMode = batch.items.length > 0;
  const busy = running || resuming || batch.running;
  const seconds = useElapsedSeconds(busy);
  const short = batchMode ? batchCredits.shortfall(batch.pending) : null;

  function addToBatch(files: File[]) {
    choose(null);
    const leftOut = batch.add(files);
    if (leftOut > 0) toast.error(tb("tooManyTitle"), { description: tb("tooManyBody", { count: leftOut, max: MAX_BATCH_FILES }) });
  }

  async function submitBatch() {
    if (batchCredits.check(batch.pending)) await batch.start();
  }

  function choose(file: File | null) {
    setImage(file);
    setResult(null);
  }

  function pickPreset(next: BackgroundPreset) {
    // Picking a preset is a choice against the custom text, which would otherwise win.
    setPreset(next);
    setCustom("");
  }

  async function submit() {
    const url = await run(image?.file ?? null, { preset, custom });
    if (url) setResult({ url, prompt: usingCustom ? custom.trim() : null });
  }

  return (
    <ToolLayout
      title={t("title")}
      description={t("description")}
      balance={user === undefined ? undefined : t("balance", { count: user?.credits ?? 0 })}
      cost={t("cost", { count: COST })}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        {batchMode ? (
          <BatchList
            items={batch.items}
            running={batch.running}
            accept={TOOL_ACCEPT}
            maxSize={MAX_IMAGE_BYTES}
            onAdd={addToBatch}
            onRemove={batch.remove}
            onRetry={(id) => {
              if (batchCredits.check(1)) void batch.start([id]);
            }}
            onClear={batch.clear}
            onDownloadAll={() => downloadAll(batch.items)}
          />
        ) : (
          <ImageStage
            image={image}
            resultUrl={result?.url ?? null}
            busy={busy}
            busyText={t("busy", { seconds })}
            onImage={choose}
            onImages={addToBatch}
            onReset={() => choose(null)}
            accept={TOOL_ACCEPT}
            maxSize={MAX_IMAGE_BYTES}
            labels={{
              previewAlt: t("previewAlt"),
              resultAlt: t("resultAlt"),
              change: t("changeImage"),
              resultTitle: t("resultTitle"),
              resultHint: t("resultHint"),
            }}
            actions={
              result && (
                <ResultActions
                  url={result.url}
                  tool="bg_removal"
                  prompt={result.prompt}
                  variant="tool"
                  downloadLabel={t("downloadPng")}
                  onMadeAgain={(made) => setResult({ url: made.result.sample, prompt: result.prompt })}
                />
              )
            }
          />
        )}
        <Card className="grid gap-5 p-4 sm:p-5">
          <ToolCreditNotice user={user} guestText={t("guestNote", { credits: TRIAL_CREDITS })} signUpLabel={t("signUp")} returnTo="/background-removal" />
          <div className="grid gap-2">
            <h2 className="text-sm font-semibold">{t("presetsLabel")}</h2>
            <BackgroundPresets value={usingCustom ? null : preset} onChange={pickPreset} disabled={busy} />
          </div>
          <CustomText
            label={t("customLabel")}
            placeholder={t("customPlaceholder")}
            value={custom}
            onChange={setCustom}
            max={STYLE_TEXT_MAX}
            counter={t("counter", { count: custom.length, max: STYLE_TEXT_MAX })}
            hint={usingCustom ? t("customHint") : undefined}
            disabled={busy}
          />
          {batchMode ? (
            <div className="grid gap-2">
              <ProcessButton
                busy={batch.running}
                label={batch.pending === 0 ? tb("allDone") : tb("startRemoval", { count: batch.pending, credits: batch.pending * COST })}
                busyLabel={tb("working", { seconds })}
                icon={<Eraser aria-hidden />}
                onClick={() => void submitBatch()}
                disabled={batch.pending === 0}
              />
              {short && (
                <p className="text-destructive text-center text-sm" data-testid="batch-credit-note">
                  {tb("notEnoughCredits", { ...short, files: batch.pending })}
                </p>
              )}
            </div>
          ) : (
            <ProcessButton busy={busy} label={t("submit")} busyLabel={t("busy", { seconds })} icon={<Eraser aria-hidden />} onClick={() => void submit()} />
          )}
          <EngineNotice operations={["removeBackground"]} />
        </Card>
      </div>
    </ToolLayout>
  );
}
