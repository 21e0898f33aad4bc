"use client";
// The Upscale screen: upload (or take the editor's result), choose 2× or 4× and fast or high
// quality, upscale for 2 credits, then compare, save and download the PNG.
import { Maximize2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { ResultActions } from "@/components/imaging/result-actions";
import { useResumeOperation } from "@/components/imaging/use-resume-operation";
import { ToolCreditNotice } from "@/components/tools/shared-credit-notice";
import { ImageStage, useLocalImage } from "@/components/tools/shared-image-stage";
import { ProcessButton, useElapsedSeconds } from "@/components/tools/shared-process-button";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Card } from "@/components/ui/card";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import type { UpscaleFactor, UpscaleQuality } from "@/lib/imaging/types";
import { UpscaleOptions } from "./upscale-options";
import { useHandedImage } from "./use-handed-image";
import { useUpscale, type UpscaleResult } from "./use-upscale";

const COST = CREDIT_COSTS.upscale;

/** The natural size of an image URL, once it has loaded. */
function useImageSize(url: string | null): { width: number; height: number } | null {
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.onload = () => setSize({ url, width: image.naturalWidth, height: image.naturalHeight });
    image.src = url;
    return () => {
      image.onload = null;
    };
  }, [url]);
  return size && size.url === url ? { width: size.width, height: size.height } : null;
}

export function UpscaleScreen() {
  const t = useTranslations("Upscale");
  const { data: user } = useCurrentUser();
  const [image, setImage] = useLocalImage();
  const [scale, setScale] = useState<UpscaleFactor>(2);
  const [quality, setQuality] = useState<UpscaleQuality>("fast");
  const [result, setResult] = useState<UpscaleResult | null>(null);
  const { run, busy: running } = useUpscale();
  const size = useImageSize(image?.url ?? null);
  const resuming = useResumeOperation({ fallback: t("failed"), moderated: t("failed"), timeout: t("timeout") }, (resumed) => {
    if (resumed.source) setImage(resumed.source);
    setResult({ url: resumed.url, width: 0, height: 0 });
  });
  const busy = running || resuming;
  const seconds = useElapsedSeconds(busy);

  function choose(file: File | null) {
    setImage(file);
    setResult(null);
  }
  useHandedImage(choose);

  async function submit() {
    const done = await run(image?.file ?? null, scale, quality);
    if (done) setResult(done);
  }

  return (
    <ToolLayout
      title={t("title")}
      description={t("description")}
      balance={user === undefined ? undefined : t("balance", { count: user?.credits ?? 0 })}
      cost={t("cost", { count: COST })}
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <ImageStage
          image={image}
          resultUrl={result?.url ?? null}
          busy={busy}
          busyText={t("busy", { seconds })}
          onImage={choose}
          onReset={() => choose(null)}
          accept={TOOL_ACCEPT}
          maxSize={MAX_IMAGE_BYTES}
          labels={{
            previewAlt: t("previewAlt"),
            resultAlt: t("resultAlt"),
            change: t("changeImage"),
            resultTitle: result && result.width > 0 ? t("resultSize", { width: result.width, height: result.height }) : t("resultTitle"),
            resultHint: t("resultHint"),
          }}
          actions={result && <ResultActions url={result.url} tool="upscale" variant="tool" downloadLabel={t("downloadPng")} />}
        />
        <Card className="grid gap-5 p-4 sm:p-5">
          <ToolCreditNotice user={user} guestText={t("guestNote", { credits: TRIAL_CREDITS })} signUpLabel={t("signUp")} returnTo="/upscale" />
          <UpscaleOptions
            scale={scale}
            quality={quality}
            onScale={(next) => {
              setScale(next);
              setResult(null);
            }}
            onQuality={(next) => {
              setQuality(next);
              setResult(null);
            }}
            size={size}
            disabled={busy}
          />
          <ProcessButton busy={busy} label={t("submit")} busyLabel={t("busy", { seconds })} icon={<Maximize2 aria-hidden />} onClick={() => void submit()} />
          <EngineNotice operations={["upscale"]} />
        </Card>
      </div>
    </ToolLayout>
  );
}
