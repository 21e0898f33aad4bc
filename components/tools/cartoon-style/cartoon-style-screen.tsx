"use client";
// The Cartoon style screen (spec §2): upload, choose one of six styles or describe one, apply it for
// 3 credits, then compare, save and download the PNG.
import { WandSparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { MAX_IMAGE_BYTES, TOOL_ACCEPT } from "@/components/imaging/image-dropzone";
import { ResultActions } from "@/components/imaging/result-actions";
import { useResumeOperation } from "@/components/imaging/use-resume-operation";
import { ToolCreditNotice } from "@/components/tools/shared-credit-notice";
import { CustomText } from "@/components/tools/shared-custom-text";
import { ImageStage, useLocalImage } from "@/components/tools/shared-image-stage";
import { ProcessButton, useElapsedSeconds } from "@/components/tools/shared-process-button";
import { ToolLayout } from "@/components/tools/tool-layout";
import { Card } from "@/components/ui/card";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import type { CartoonStyle } from "@/lib/imaging/types";
import { STYLE_TEXT_MAX } from "@/lib/validation/limits";
import { StyleCards } from "./style-cards";
import { useCartoonize } from "./use-cartoonize";

const COST = CREDIT_COSTS.cartoon_style;

export function CartoonStyleScreen() {
  const t = useTranslations("CartoonStyle");
  const { data: user } = useCurrentUser();
  const [image, setImage] = useLocalImage();
  const [style, setStyle] = useState<CartoonStyle | null>(null);
  const [custom, setCustom] = useState("");
  const [result, setResult] = useState<{ url: string; prompt: string | null } | null>(null);
  const { run, busy: running } = useCartoonize();
  // A reload during the work picks the operation up again and shows its result here.
  const resuming = useResumeOperation({ fallback: t("failed"), moderated: t("flagged"), timeout: t("timeout") }, (resumed) => {
    if (resumed.source) setImage(resumed.source);
    setResult({ url: resumed.url, prompt: null });
  });
  const busy = running || resuming;
  const seconds = useElapsedSeconds(busy);
  const usingCustom = custom.trim().length > 0;

  function choose(file: File | null) {
    setImage(file);
    setResult(null);
  }

  function pickStyle(next: CartoonStyle) {
    // Picking a style is a choice against the custom text, which would otherwise win.
    setStyle(next);
    setCustom("");
  }

  async function submit() {
    const url = await run(image?.file ?? null, { style: usingCustom ? null : style, custom });
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
            resultTitle: t("resultTitle"),
            resultHint: t("resultHint"),
          }}
          actions={
            result && (
              <ResultActions
                url={result.url}
                tool="cartoon_style"
                prompt={result.prompt}
                variant="tool"
                downloadLabel={t("downloadPng")}
                onMadeAgain={(made) => setResult({ url: made.result.sample, prompt: result.prompt })}
              />
            )
          }
        />
        <Card className="grid gap-5 p-4 sm:p-5">
          <ToolCreditNotice user={user} guestText={t("guestNote", { credits: TRIAL_CREDITS })} signUpLabel={t("signUp")} returnTo="/cartoon-style" />
          <div className="grid gap-2">
            <h2 className="text-sm font-semibold">{t("stylesLabel")}</h2>
            <StyleCards value={usingCustom ? null : style} onChange={pickStyle} disabled={busy} />
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
          <ProcessButton busy={busy} label={t("submit")} busyLabel={t("busy", { seconds })} icon={<WandSparkles aria-hidden />} onClick={() => void submit()} />
          <EngineNotice operations={["cartoonize"]} />
        </Card>
      </div>
    </ToolLayout>
  );
}
