"use client";
// The prompt with its live 0/500 counter, the aspect ratio and number of images for generation, and
// the Generate / Edit Image button with its busy text and the seconds spent.
import { Loader2, ShieldCheck, Wand2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { clientLazy } from "@/components/ui/client-lazy";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { AspectRatio } from "@/lib/imaging/types";
import { MAX_VARIANTS, PROMPT_MAX } from "@/lib/validation/limits";

// Shown only while an operation runs, so it loads with the first one.
const OperationProgress = clientLazy(() => import("@/components/imaging/operation-progress").then((module) => module.OperationProgress));

interface PromptBoxProps {
  mode: "generate" | "edit";
  prompt: string;
  onPromptChange: (prompt: string) => void;
  aspectRatio: AspectRatio;
  onAspectRatioChange: (ratio: AspectRatio) => void;
  /** How many images to generate (1–4). */
  count: number;
  onCountChange: (count: number) => void;
  optimized: boolean;
  busy: boolean;
  elapsedSeconds: number;
  onSubmit: () => void;
}

const RATIOS: AspectRatio[] = ["square", "portrait", "landscape"];
const COUNTS = Array.from({ length: MAX_VARIANTS }, (_, index) => index + 1);
const CHOICE = "aria-checked:border-primary aria-checked:bg-primary/10 rounded-md border px-2.5 py-1 text-xs font-medium";

export function PromptBox(props: PromptBoxProps) {
  const { mode, prompt, onPromptChange, aspectRatio, onAspectRatioChange, count, onCountChange, optimized, busy, elapsedSeconds, onSubmit } = props;
  const t = useTranslations("Editor");
  const tv = useTranslations("Variants");
  const id = useId();
  return (
    <form
      className="grid gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={`${id}-prompt`}>{mode === "generate" ? t("promptGenerateLabel") : t("promptEditLabel")}</Label>
        {optimized && (
          <Badge variant="success">
            <ShieldCheck aria-hidden />
            {t("optimized")}
          </Badge>
        )}
      </div>
      <Textarea
        id={`${id}-prompt`}
        value={prompt}
        maxLength={PROMPT_MAX}
        rows={4}
        disabled={busy}
        placeholder={mode === "generate" ? t("promptGeneratePlaceholder") : t("promptEditPlaceholder")}
        onChange={(event) => onPromptChange(event.target.value.slice(0, PROMPT_MAX))}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {mode === "generate" ? (
          <div className="flex flex-wrap gap-x-3 gap-y-2">
            <div role="radiogroup" aria-label={t("aspectRatio")} className="flex gap-1">
              {RATIOS.map((ratio) => (
                <button
                  key={ratio}
                  type="button"
                  role="radio"
                  aria-checked={aspectRatio === ratio}
                  disabled={busy}
                  onClick={() => onAspectRatioChange(ratio)}
                  className={CHOICE}
                >
                  {t(`ratio_${ratio}`)}
                </button>
              ))}
            </div>
            <div role="radiogroup" aria-label={tv("countLabel")} className="flex items-center gap-1" title={tv("countHint")}>
              {COUNTS.map((choice) => (
                <button
                  key={choice}
                  type="button"
                  role="radio"
                  aria-checked={count === choice}
                  aria-label={tv("countOption", { count: choice })}
                  disabled={busy}
                  onClick={() => onCountChange(choice)}
                  className={`${CHOICE} tabular-nums`}
                >
                  {choice}
                </button>
              ))}
            </div>
          </div>
        ) : (
          <span />
        )}
        <span className="text-muted-foreground text-xs tabular-nums" data-testid="prompt-counter">
          {prompt.length}/{PROMPT_MAX}
        </span>
      </div>
      <Button type="submit" size="lg" disabled={busy || !prompt.trim()}>
        {busy ? (
          <>
            <Loader2 aria-hidden className="animate-spin" />
            {mode === "generate" ? t("generating") : t("editing")} <span className="tabular-nums">({elapsedSeconds}s)</span>
          </>
        ) : (
          <>
            <Wand2 aria-hidden />
            {mode === "edit" ? t("edit") : count > 1 ? tv("generateCount", { count }) : t("generate")}
          </>
        )}
      </Button>
      {busy && <OperationProgress />}
    </form>
  );
}
