"use client";
// The Upscale screen: upload (or take the editor's result), choose 2× or 4× and fast or high
// quality, upscale for 2 credits, then compare, save and download the PNG.
import { Maximize2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SingleImageTool } from "@/components/tools/single-image-tool";
import { useImageSize } from "@/components/tools/use-image-size";
import { useSingleImageTool } from "@/components/tools/use-single-image-tool";
import type { UpscaleFactor, UpscaleQuality } from "@/lib/imaging/types";
import { UpscaleOptions } from "./upscale-options";
import { useHandedImage } from "./use-handed-image";

interface UpscaleChoice {
  scale: UpscaleFactor;
  quality: UpscaleQuality;
}

function upscaleForm(file: File, { scale, quality }: UpscaleChoice): FormData {
  const form = new FormData();
  form.append("image", file);
  form.append("scale", String(scale));
  form.append("quality", quality);
  return form;
}

export function UpscaleScreen() {
  const t = useTranslations("Upscale");
  const [scale, setScale] = useState<UpscaleFactor>(2);
  const [quality, setQuality] = useState<UpscaleQuality>("fast");
  const tool = useSingleImageTool<UpscaleChoice>("Upscale", { form: upscaleForm, moderated: t("failed"), timeout: t("timeout") });
  const { result } = tool;
  const size = useImageSize(tool.image?.url ?? null);
  useHandedImage(tool.choose);

  return (
    <SingleImageTool
      tool={tool}
      icon={<Maximize2 aria-hidden />}
      resultTitle={result && result.width > 0 ? t("resultSize", { width: result.width, height: result.height }) : undefined}
      onSubmit={() => void tool.submit({ scale, quality })}
    >
      <UpscaleOptions
        scale={scale}
        quality={quality}
        onScale={(next) => {
          setScale(next);
          tool.setResult(null);
        }}
        onQuality={(next) => {
          setQuality(next);
          tool.setResult(null);
        }}
        size={size}
        disabled={tool.operation.busy}
      />
    </SingleImageTool>
  );
}
