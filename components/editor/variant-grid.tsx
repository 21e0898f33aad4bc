"use client";
// The variants of one prompt as a grid to pick from: each tile waits for its image, shows it, or
// says it failed (and was refunded). The picked one is marked; picking another replaces the result.
import { Check, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import type { VariantTile } from "./use-variants";

interface VariantGridProps {
  tiles: VariantTile[];
  /** The current result, to mark the tile it came from. */
  chosen: string | null;
  onPick: (tile: VariantTile) => void;
}

export function VariantGrid({ tiles, chosen, onPick }: VariantGridProps) {
  const t = useTranslations("Variants");
  const count = tiles.length;
  return (
    <section className="grid gap-2" aria-label={t("gridLabel")} data-testid="variant-grid">
      <p className="text-sm font-medium">{t("pickTitle")}</p>
      <ul className="grid grid-cols-2 gap-2">
        {tiles.map((tile, index) => (
          <li key={tile.operationId} className="bg-muted relative aspect-square overflow-hidden rounded-lg">
            {tile.status === "ready" && tile.sample ? (
              <button
                type="button"
                onClick={() => onPick(tile)}
                aria-pressed={chosen === tile.sample}
                aria-label={t("pick", { index: index + 1, count })}
                className="aria-pressed:ring-primary size-full rounded-lg ring-offset-2 outline-none focus-visible:ring-2 aria-pressed:ring-2"
                data-testid="variant"
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- our own result, a small preview */}
                <img src={tile.sample} alt={t("alt", { index: index + 1, count })} className="size-full object-cover" />
                {chosen === tile.sample && (
                  <span className="bg-primary text-primary-foreground absolute top-1.5 right-1.5 rounded-full p-1">
                    <Check aria-hidden className="size-3.5" />
                  </span>
                )}
              </button>
            ) : tile.status === "failed" ? (
              <p className="text-muted-foreground grid size-full place-items-center p-3 text-center text-xs" data-testid="variant-failed">
                {t("failed")}
              </p>
            ) : (
              <p className="text-muted-foreground grid size-full place-items-center text-xs" role="status">
                <Loader2 aria-hidden className="animate-spin" />
                <span className="sr-only">{t("waiting", { index: index + 1, count })}</span>
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
