"use client";
// The prompt with its live 0/500 counter, the aspect ratio and number of images for generation, and
// the Generate / Edit Image button with its busy text and the seconds spent.
import { Loader2, ShieldCheck, Wand2 } from "lucide-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useId, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { choiceIndexFor } from "@/components/ui/choice-keys";
import { Textarea } from "@/components/ui/textarea";
import type { AspectRatio } from "@/lib/imaging/types";
import { MAX_VARIANTS, PROMPT_MAX } from "@/lib/validation/limits";

// Shown only while an operation runs, so it loads with the first one.
const OperationProgress = dynamic(() => import("@/components/imaging/operation-progress").then((module) => module.OperationProgress), { ssr: false });

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

/**
 * A row of small toggle buttons of which one is chosen (the aspect ratio, the number of images): a
 * radio group, one tab stop on the chosen button, arrow keys move the choice (choice-keys.ts).
 */
function ChoiceGroup<Choice extends string | number>(props: {
  label: string;
  title?: string;
  className: string;
  choiceClassName?: string;
  choices: readonly Choice[];
  selected: Choice;
  onSelect: (choice: Choice) => void;
  disabled: boolean;
  /** What a button shows, and its accessible name when that differs. */
  render: (choice: Choice) => { text: ReactNode; label?: string };
}) {
  const { label, title, className, choiceClassName, choices, selected, onSelect, disabled, render } = props;
  return (
    <div role="radiogroup" aria-label={label} className={className} title={title}>
      {choices.map((choice, index) => {
        const shown = render(choice);
        return (
          <button
            key={choice}
            type="button"
            role="radio"
            aria-checked={selected === choice}
            aria-label={shown.label}
            tabIndex={selected === choice ? 0 : -1}
            disabled={disabled}
            onClick={() => onSelect(choice)}
            onKeyDown={(event) => {
              const next = choiceIndexFor(event.key, index, choices.length);
              if (next === null) return;
              event.preventDefault();
              (event.currentTarget.parentElement!.children[next] as HTMLElement).focus();
              onSelect(choices[next]!);
            }}
            className={choiceClassName ? `${CHOICE} ${choiceClassName}` : CHOICE}
          >
            {shown.text}
          </button>
        );
      })}
    </div>
  );
}

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
            <ChoiceGroup
              label={t("aspectRatio")}
              className="flex flex-wrap gap-1"
              choices={RATIOS}
              selected={aspectRatio}
              onSelect={onAspectRatioChange}
              disabled={busy}
              render={(ratio) => ({ text: t(`ratio_${ratio}`) })}
            />
            <ChoiceGroup
              label={tv("countLabel")}
              title={tv("countHint")}
              className="flex items-center gap-1"
              choiceClassName="tabular-nums"
              choices={COUNTS}
              selected={count}
              onSelect={onCountChange}
              disabled={busy}
              render={(choice) => ({ text: choice, label: tv("countOption", { count: choice }) })}
            />
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
