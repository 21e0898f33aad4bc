"use client";
// The Cartoon style screen (spec §2): upload, choose one of six styles or describe one, apply it for
// 3 credits, then compare, save and download the PNG.
import { WandSparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { PresetOrText, presetOrTextForm, usePresetOrText } from "@/components/tools/preset-or-text";
import { SingleImageTool } from "@/components/tools/single-image-tool";
import { useSingleImageTool } from "@/components/tools/use-single-image-tool";
import { toast } from "@/components/ui/toaster";
import type { CartoonLook } from "@/lib/imaging/types";
import { StyleCards } from "./style-cards";

export interface StyleChoice {
  style: CartoonLook | null;
  /** Custom style text; when present it is used instead of a preset style. */
  custom: string;
}

/** The cartoon call's form for one file. */
export function cartoonForm(file: File, choice: StyleChoice): FormData {
  return presetOrTextForm(file, "cartoon_style", choice.custom, { style: choice.style });
}

export function CartoonStyleScreen() {
  const t = useTranslations("CartoonStyle");
  const choice = usePresetOrText<CartoonLook | null>(null);
  const tool = useSingleImageTool<StyleChoice>("CartoonStyle", {
    form: cartoonForm,
    validate: (choice) => {
      if (choice.style || choice.custom.trim()) return true;
      toast.error(t("noStyleTitle"), { description: t("noStyleBody") });
      return false;
    },
    moderated: t("flagged"),
    timeout: t("timeout"),
  });
  const busy = tool.operation.busy;

  return (
    <SingleImageTool
      tool={tool}
      icon={<WandSparkles aria-hidden />}
      madeAgain
      onSubmit={() => void tool.submit({ style: choice.shown, custom: choice.custom }, choice.prompt)}
    >
      <PresetOrText namespace="CartoonStyle" heading={t("stylesLabel")} custom={choice.custom} onCustomChange={choice.setCustom} disabled={busy}>
        <StyleCards value={choice.shown} onChange={choice.pick} disabled={busy} />
      </PresetOrText>
    </SingleImageTool>
  );
}
