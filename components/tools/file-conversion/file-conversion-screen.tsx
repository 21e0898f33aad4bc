"use client";
// The File conversion screen (spec §2): upload PNG, JPG, GIF, BMP, TIFF or WebP, see its real format,
// choose a target, convert for free (guests too), preview, save and download the converted file.
// Several files at once make a batch: a row each, and one ZIP of the converted files.
import { ArrowRightLeft, Download, FileImage, RefreshCw, Save } from "lucide-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useCallback, useId, useState } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { CONVERTER_ACCEPT, MAX_BATCH_FILES, MAX_IMAGE_BYTES } from "@/components/imaging/image-dropzone";
import { useElapsedSeconds } from "@/components/imaging/use-image-operation";
import { BATCH_CONCURRENCY, useBatch } from "@/components/tools/batch/use-batch";
import { useBatchDownload } from "@/components/tools/batch/use-batch-download";
import { ChoiceCards } from "@/components/tools/shared-choice-cards";
import { ToolDropzone, useLocalImage, useRevealOnResult } from "@/components/tools/shared-image-stage";
import { ProcessButton } from "@/components/tools/shared-process-button";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import { CheckCredentialsLink } from "@/components/verify/check-credentials-link";
import { detectFileFormat, qualityFor, readDataUrl, TARGET_FORMATS, type ImageFormat } from "./formats";
import { PreviewImage } from "./preview-image";
import { useConvertImage } from "./use-convert-image";
import { useConvertedDownload } from "./use-converted-download";

// The batch rows load when a batch starts: most visits are one file.
const BatchList = dynamic(() => import("@/components/tools/batch/batch-list").then((module) => module.BatchList), { ssr: false });

// The save dialog loads when it first opens.
const SaveImageDialog = dynamic(() => import("@/components/gallery/save-image-dialog").then((module) => module.SaveImageDialog), { ssr: false });

function Placeholder({ text }: { text: string }) {
  return (
    <div className="bg-muted/50 text-muted-foreground flex min-h-48 w-full flex-col items-center justify-center gap-2 rounded-lg p-6 text-center text-sm">
      <FileImage aria-hidden className="size-10" />
      <p>{text}</p>
    </div>
  );
}

export function FileConversionScreen() {
  const t = useTranslations("FileConversion");
  const noteId = useId();
  const [image, setImage] = useLocalImage();
  const [detected, setDetected] = useState<{ file: File; format: ImageFormat | null } | null>(null);
  const [target, setTarget] = useState<ImageFormat | null>(null);
  const [result, setResult] = useState<{ url: string; format: ImageFormat } | null>(null);
  const [saving, setSaving] = useState(false);
  const [brokenResult, setBrokenResult] = useState<string | null>(null);
  // A reload during the work picks the conversion up again and shows its result here.
  const conversion = useConvertImage((resumed) => {
    const format = TARGET_FORMATS.find((candidate) => resumed.view.contentType === `image/${candidate}`);
    if (resumed.source) void choose(resumed.source);
    if (format) setResult({ url: resumed.url, format });
  });
  const tb = useTranslations("Batch");
  const { data: user } = useCurrentUser();
  const [batchTarget, setBatchTarget] = useState<ImageFormat>("png");
  const bodyFor = useCallback(
    async (file: File) => ({ json: { image: await readDataUrl(file), format: batchTarget, quality: qualityFor(batchTarget) } }),
    [batchTarget],
  );
  // A guest may have one operation in flight at a time.
  const batch = useBatch({ endpoint: "/api/convert-image", bodyFor, failedText: t("failed"), concurrency: user ? BATCH_CONCURRENCY : 1 });
  const downloadAll = useBatchDownload("", "converted-images");
  const batchMode = batch.items.length > 0;
  const busy = conversion.busy || batch.running;
  const download = useConvertedDownload();
  const batchSeconds = useElapsedSeconds(batch.running);
  const seconds = batch.running ? batchSeconds : conversion.seconds;
  const stage = useRevealOnResult<HTMLDivElement>(result?.url);

  const name = (format: ImageFormat) => t(`format_${format}`);

  function chooseBatchTarget(format: ImageFormat) {
    // Another format makes the finished files worth converting again.
    if (format !== batchTarget) batch.again();
    setBatchTarget(format);
  }

  function addToBatch(files: File[]) {
    void choose(null);
    const leftOut = batch.add(files);
    if (leftOut > 0) toast.error(tb("tooManyTitle"), { description: tb("tooManyBody", { count: leftOut, max: MAX_BATCH_FILES }) });
  }
  // A detection still running for an image the user has since replaced must not speak for the new one.
  const source = image && detected?.file === image.file ? detected.format : null;
  const chosen = target ?? (source === "png" ? "jpeg" : "png");
  const same = source !== null && chosen === source;

  async function choose(file: File | null) {
    setImage(file);
    setResult(null);
    if (!file) return;
    const format = await detectFileFormat(file);
    setDetected({ file, format });
  }

  async function submit() {
    if (same) return;
    const done = await conversion.run({ file: image?.file ?? null, format: chosen });
    if (done) setResult({ url: done.url, format: chosen });
  }

  const sourcePreview = image && (
    <PreviewImage
      key={image.url}
      src={image.url}
      alt={t("previewAlt")}
      testId="upload-preview"
      fallback={<Placeholder text={source ? t("noSourcePreview", { format: name(source) }) : t("noSourcePreviewUnknown")} />}
    />
  );

  return (
    <ToolLayout title={t("title")} description={t("description")} cost={t("cost")}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        {batchMode ? (
          <BatchList batch={batch} accept={CONVERTER_ACCEPT} onAdd={addToBatch} onRetry={(id) => void batch.start([id])} onDownloadAll={downloadAll} />
        ) : !image ? (
          <ToolDropzone onImage={(file) => void choose(file)} onImages={addToBatch} accept={CONVERTER_ACCEPT} maxSize={MAX_IMAGE_BYTES} hint={t("dropHint")} />
        ) : (
          <Card ref={stage} className="grid scroll-mt-20 gap-4 p-3 sm:p-4" data-testid="image-stage">
            <div className="flex flex-wrap items-center gap-2 px-1">
              <h2 className="text-lg font-semibold">{result ? t("resultTitle") : t("originalTitle")}</h2>
              {result && (
                <Badge variant="secondary" data-testid="converted-format">
                  {name(result.format)}
                </Badge>
              )}
            </div>
            <div className="bg-muted/40 flex justify-center rounded-lg">
              {result ? (
                <PreviewImage
                  key={result.url}
                  src={result.url}
                  alt={t("resultAlt", { format: name(result.format) })}
                  testId="converted-preview"
                  onBroken={() => setBrokenResult(result.url)}
                  fallback={<div className="grid w-full gap-2">{sourcePreview}</div>}
                />
              ) : (
                sourcePreview
              )}
            </div>
            {result && (
              <div className="grid gap-1 px-1">
                <p role="status" className="text-muted-foreground text-sm">
                  {brokenResult === result.url ? t("noResultPreview", { format: name(result.format) }) : t("resultHint", { format: name(result.format) })}
                </p>
                <CheckCredentialsLink />
              </div>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2">
              {result ? (
                <div className="flex flex-wrap gap-2">
                  <Button variant="outline" onClick={() => setSaving(true)}>
                    <Save aria-hidden />
                    {t("save")}
                  </Button>
                  <Button onClick={() => void download(result.url, result.format)}>
                    <Download aria-hidden />
                    {t("download", { format: name(result.format) })}
                  </Button>
                  {saving && <SaveImageDialog open onOpenChange={setSaving} imageUrl={result.url} tool="conversion" originalPrompt={null} />}
                </div>
              ) : (
                <p className="text-muted-foreground min-w-0 truncate px-1 text-sm">{image.file.name}</p>
              )}
              <Button variant="outline" onClick={() => void choose(null)} disabled={busy}>
                <RefreshCw aria-hidden />
                {t("changeImage")}
              </Button>
            </div>
          </Card>
        )}
        <Card className="grid gap-5 p-4 sm:p-5">
          {image && (
            <p className="text-sm" data-testid="original-format">
              {source ? t("originalFormat", { format: name(source) }) : t("originalFormatUnknown")}
            </p>
          )}
          <div className="grid gap-2">
            <h2 className="text-sm font-semibold">{t("convertTo")}</h2>
            <ChoiceCards
              compact
              label={t("convertTo")}
              value={batchMode ? batchTarget : chosen}
              onChange={batchMode ? chooseBatchTarget : setTarget}
              disabled={busy}
              className="grid-cols-3"
              options={TARGET_FORMATS.map((format) => ({ value: format, title: name(format) }))}
            />
          </div>
          {batchMode ? (
            <ProcessButton
              busy={batch.running}
              label={batch.pending === 0 ? tb("allDone") : tb("startConversion", { count: batch.pending, format: name(batchTarget) })}
              busyLabel={tb("working", { seconds })}
              icon={<ArrowRightLeft aria-hidden />}
              onClick={() => void batch.start()}
              disabled={batch.pending === 0}
            />
          ) : (
            <div className="grid gap-2">
              <ProcessButton
                busy={busy}
                label={t("submit")}
                busyLabel={t("busy", { seconds })}
                icon={<ArrowRightLeft aria-hidden />}
                onClick={() => void submit()}
                disabled={same}
                describedBy={same ? noteId : undefined}
              />
              {same && (
                <p id={noteId} className="text-muted-foreground text-center text-sm" data-testid="same-format-note">
                  {t("alreadyInFormat", { format: name(chosen) })}
                </p>
              )}
            </div>
          )}
        </Card>
      </div>
    </ToolLayout>
  );
}
