"use client";
// The Background removal screen (spec §2): upload, pick a preset or describe a backdrop, remove the
// background for 1 credit, then compare, save and download the PNG. Several files at once make a
// batch: a row each, 1 credit each, and one ZIP of the results.
import { Eraser } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useToolBatch } from "@/components/tools/batch/use-tool-batch";
import { PresetOrText, presetOrTextForm, usePresetOrText } from "@/components/tools/preset-or-text";
import { SingleImageTool } from "@/components/tools/single-image-tool";
import { useSingleImageTool } from "@/components/tools/use-single-image-tool";
import type { BackgroundPreset } from "@/lib/imaging/types";
import { BackgroundPresets } from "./background-presets";

export interface BackgroundChoice {
  preset: BackgroundPreset;
  /** Custom background text; when present it is used instead of the preset. */
  custom: string;
}

/** The background removal call's form for one file. */
export function removalForm(file: File, choice: BackgroundChoice): FormData {
  return presetOrTextForm(file, "background_removal", choice.custom, { background: choice.preset });
}

/** A batch's results: "photo-1-no-bg.png" inside "no-bg-….zip". */
const BATCH_FILES = { suffix: "-no-bg", zip: "no-bg" };

export function BackgroundRemovalScreen() {
  const t = useTranslations("BackgroundRemoval");
  const choice = usePresetOrText<BackgroundPreset>("none");
  const { preset, custom } = choice;
  const tool = useSingleImageTool<BackgroundChoice>("BackgroundRemoval", { form: removalForm });
  const removal = useMemo(() => ({ preset, custom }), [preset, custom]);
  const icon = <Eraser aria-hidden />;
  const batch = useToolBatch(tool, { form: removalForm, choice: removal, icon, files: BATCH_FILES });
  const busy = tool.operation.busy || batch.running;

  return (
    <SingleImageTool tool={tool} icon={icon} madeAgain batch={batch} onSubmit={() => void tool.submit(removal, choice.prompt)}>
      <PresetOrText namespace="BackgroundRemoval" heading={t("presetsLabel")} custom={custom} onCustomChange={choice.setCustom} disabled={busy}>
        <BackgroundPresets value={choice.shown} onChange={choice.pick} disabled={busy} />
      </PresetOrText>
    </SingleImageTool>
  );
}
