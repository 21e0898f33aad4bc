"use client";
// "How this was made": the recipe of a result, step by step from the first image (provider, model,
// seed, prompt, settings and the hash of each input), and "Make again", which runs the last step
// once more on the same inputs at the same price.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Loader2, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/api/client";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import { RESULT_KINDS } from "@/lib/imaging/result-kinds";
import type { ImageResult } from "@/lib/validation/imaging";
import type { Recipe } from "@/lib/validation/operations";
import { OperationProgress } from "./operation-progress";
import { recipeSteps, REPEAT_CHARGES } from "./recipe-steps";
import { useImageOperation } from "./use-image-operation";

/** Kinds with a translated name; another kind (from an older recipe) shows as it is stored. */
const KNOWN_KINDS: ReadonlySet<string> = new Set(RESULT_KINDS);

function RecipeStep({ step, index, steps }: { step: Recipe; index: number; steps: Recipe[] }) {
  const t = useTranslations("Recipe");
  const settings = Object.entries(step.parameters);
  return (
    <li className="grid gap-1 border-l-2 pl-3" data-testid="recipe-step">
      <p className="font-medium">
        {t("step", { index: index + 1 })} · {KNOWN_KINDS.has(step.kind) ? t(`kind_${step.kind}`) : step.kind}
        {step.repeatOf && <span className="text-muted-foreground font-normal"> · {t("madeAgain")}</span>}
      </p>
      <dl className="text-muted-foreground grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs">
        <dt>{t("provider")}</dt>
        <dd className="break-words">{step.model ? `${step.provider} · ${step.model}` : step.provider}</dd>
        {step.seed !== null && (
          <>
            <dt>{t("seed")}</dt>
            <dd className="font-mono">{step.seed}</dd>
          </>
        )}
        {step.prompt && (
          <>
            <dt>{t("prompt")}</dt>
            <dd className="break-words">{step.prompt}</dd>
          </>
        )}
        {settings.length > 0 && (
          <>
            <dt>{t("settings")}</dt>
            <dd className="font-mono break-words">{settings.map(([name, value]) => `${name}=${String(value)}`).join(" ")}</dd>
          </>
        )}
        {step.inputs.map((input) => {
          const from = input.parentOperationId ? steps.findIndex((earlier) => earlier.operationId === input.parentOperationId) : -1;
          return (
            <div key={input.position} className="contents">
              <dt>{t("input", { index: input.position + 1 })}</dt>
              <dd className="break-words">
                <span className="font-mono" title={input.sha256}>
                  sha256 {input.sha256.slice(0, 12)}…
                </span>{" "}
                · {from >= 0 ? t("fromStep", { index: from + 1 }) : t("fromUpload")}
                {!input.available && <> · {t("expired")}</>}
              </dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}

export function RecipePanel({ fileId, onMadeAgain }: { fileId: string; onMadeAgain?: (result: ImageResult) => void }) {
  const t = useTranslations("Recipe");
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ["recipe", fileId],
    queryFn: () => apiRequest<{ operationId: string; recipe: Recipe }>("GET", `/api/files/${encodeURIComponent(fileId)}/recipe`),
  });
  const charge = query.data ? (REPEAT_CHARGES[query.data.recipe.kind] ?? null) : null;
  const repeat = useImageOperation<string>({
    endpoint: (operationId) => `/api/operations/${encodeURIComponent(operationId)}/repeat`,
    charge: charge ?? undefined,
    body: () => ({ json: {} }),
    texts: { fallback: t("failed"), noResult: t("failed") },
  });

  if (query.isPending) {
    return (
      <p className="text-muted-foreground flex items-center gap-2 text-sm" role="status">
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {t("loading")}
      </p>
    );
  }
  if (query.isError) return <p className="text-muted-foreground text-sm">{t("unknown")}</p>;

  const { operationId, recipe } = query.data;
  const steps = recipeSteps(recipe);
  const cost = charge ? CREDIT_COSTS[charge] : 0;
  const inputsKept = recipe.inputs.every((input) => input.available);

  async function makeAgain() {
    const done = await repeat.run(operationId);
    if (done) onMadeAgain?.(done.answer);
    void queryClient.invalidateQueries({ queryKey: ["recipe", fileId] });
  }

  return (
    <div className="grid gap-3 text-sm" data-testid="recipe">
      <ol className="grid gap-3">
        {steps.map((step, index) => (
          <RecipeStep key={step.operationId} step={step} index={index} steps={steps} />
        ))}
      </ol>
      {onMadeAgain && (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => void makeAgain()} disabled={repeat.busy || !inputsKept}>
              {repeat.busy ? <Loader2 aria-hidden className="animate-spin" /> : <RefreshCw aria-hidden />}
              {t("makeAgain")}
            </Button>
            <span className="text-muted-foreground text-xs">{inputsKept ? t("makeAgainCost", { count: cost }) : t("inputsGone")}</span>
          </div>
          {repeat.busy && <OperationProgress />}
        </div>
      )}
    </div>
  );
}
