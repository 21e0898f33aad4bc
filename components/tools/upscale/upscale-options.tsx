"use client";
// The two choices of the upscale tool: how much larger (2× or 4×) and how (fast or high quality),
// with the size the result will have.
import { useTranslations } from "next-intl";
import { ChoiceField } from "@/components/tools/shared-choice-field";
import type { UpscaleFactor, UpscaleQuality } from "@/lib/imaging/types";
import { upscaleOutputLimit } from "@/lib/validation/limits";

interface UpscaleOptionsProps {
  scale: UpscaleFactor;
  quality: UpscaleQuality;
  onScale: (scale: UpscaleFactor) => void;
  onQuality: (quality: UpscaleQuality) => void;
  /** The chosen image's size, to say what the result will be. */
  size: { width: number; height: number } | null;
  disabled: boolean;
}

export function UpscaleOptions({ scale, quality, onScale, onQuality, size, disabled }: UpscaleOptionsProps) {
  const t = useTranslations("Upscale");
  const output = size && { width: size.width * scale, height: size.height * scale };
  const tooLarge = output !== null && output.width * output.height > upscaleOutputLimit(quality);
  return (
    <>
      <ChoiceField
        heading={t("scaleLabel")}
        columns="grid-cols-2"
        value={scale === 4 ? "4" : "2"}
        onChange={(value) => onScale(value === "4" ? 4 : 2)}
        disabled={disabled}
        options={[
          { value: "2", title: t("scale2") },
          { value: "4", title: t("scale4") },
        ]}
      >
        {output && (
          <p className="text-muted-foreground text-xs" data-testid="upscale-output-size">
            {t("outputSize", output)}
          </p>
        )}
        {tooLarge && (
          <p className="text-destructive text-xs" role="alert" data-testid="upscale-too-large">
            {t("tooLarge", { megapixels: Math.round(upscaleOutputLimit(quality) / 1_000_000) })}
          </p>
        )}
      </ChoiceField>
      <ChoiceField
        heading={t("qualityLabel")}
        columns="grid-cols-2"
        compact={false}
        value={quality}
        onChange={onQuality}
        disabled={disabled}
        options={[
          { value: "fast", title: t("qualityFast"), description: t("qualityFastDescription") },
          { value: "high", title: t("qualityHigh"), description: t("qualityHighDescription") },
        ]}
      />
    </>
  );
}
