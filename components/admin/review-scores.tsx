"use client";
// A flagged result's class scores as the image check kept them: one line per image (the result
// first, then each input), each class as a share, and the explicit score (Porn + Hentai) highlighted,
// in red when it reached the threshold the check used.
import { useTranslations } from "next-intl";
import { cn } from "@/lib/cn";
import type { ReviewItem } from "./console-types";
import { useConsoleFormat } from "./use-console-format";

export function ReviewScores({ scores }: { scores: ReviewItem["scores"] }) {
  const t = useTranslations("Admin");
  const f = useConsoleFormat();
  if (scores.images.length === 0) return <p className="text-muted-foreground text-sm">{t("noScores")}</p>;
  const reached = (value: number | null) => value !== null && scores.threshold !== null && value >= scores.threshold;
  return (
    <div className="grid gap-2 text-sm" data-testid="review-scores">
      {scores.threshold !== null && (
        <p className="text-muted-foreground text-xs">{[scores.model, t("scoreThreshold", { value: f.share(scores.threshold) })].filter(Boolean).join(" · ")}</p>
      )}
      {scores.images.map((image) => (
        <div key={`${image.image}-${image.index}`} className="grid gap-1">
          <p className="font-medium">{image.image === "result" ? t("scoresResult") : t("scoresInput", { index: image.index })}</p>
          <ul className="flex flex-wrap gap-x-3 gap-y-1">
            {image.explicit !== null && (
              <li
                data-testid="explicit-score"
                className={cn(
                  "rounded px-1.5 font-semibold",
                  reached(image.explicit) ? "bg-destructive/15 text-destructive" : "bg-amber-500/15 text-amber-800 dark:text-amber-300",
                )}
              >
                {t("scoreExplicit")} {f.share(image.explicit)}
              </li>
            )}
            {Object.entries(image.classes).map(([name, value]) => (
              <li key={name} className="text-muted-foreground tabular-nums">
                {name} {f.share(value)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
