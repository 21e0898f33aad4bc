"use client";
// The editor's right card: the variants of a prompt to pick from, the result (zoomable, or on the
// before/after slider for an edit), Save, Download, Upscale and the recipe, the note of what made it,
// and a signed-in user's recent results while there is none.
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ImageResult } from "@/lib/validation/imaging";
import type { RecentResult } from "@/lib/imaging/history";
import type { Snapshot } from "./use-editor-history";
import type { VariantBatch, VariantTile } from "./use-variants";

// The variant grid appears only after a request for several images.
const VariantGrid = dynamic(() => import("./variant-grid").then((module) => module.VariantGrid), { ssr: false });
const ZoomViewer = dynamic(() => import("./zoom-viewer").then((module) => module.ZoomViewer), { ssr: false });
// What shows a result loads with the first result: a new visitor's first screen is the prompt alone.
const CompareSlider = dynamic(() => import("@/components/imaging/compare-slider").then((module) => module.CompareSlider), { ssr: false });
const ResultActions = dynamic(() => import("@/components/imaging/result-actions").then((module) => module.ResultActions), { ssr: false });
const UpscaleLink = dynamic(() => import("./upscale-link").then((module) => module.UpscaleLink), { ssr: false });
const RecentResults = dynamic(() => import("./recent-results").then((module) => module.RecentResults), { ssr: false });

interface ResultPanelProps {
  state: Snapshot;
  busy: boolean;
  batch: VariantBatch | null;
  onPickVariant: (tile: VariantTile, prompt: string) => void;
  onMadeAgain: (result: ImageResult) => void;
  onRestore: (picked: RecentResult) => void;
  /** Changes when the editor starts over: the slider and the zoom close. */
  resets: number;
}

export function ResultPanel({ state, busy, batch, onPickVariant, onMadeAgain, onRestore, resets }: ResultPanelProps) {
  const t = useTranslations("Editor");
  const [zoomOpen, setZoomOpen] = useState(false);
  const [compare, setCompare] = useState(false);
  const [seenResets, setSeenResets] = useState(resets);
  if (seenResets !== resets) {
    setSeenResets(resets);
    setZoomOpen(false);
    setCompare(false);
  }
  const alt = state.actionNote ?? t("resultAlt");
  const showCompare = compare && state.resultImage && state.sourceImage && state.resultImage !== state.sourceImage;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t("resultTitle")}</CardTitle>
        {state.resultImage && state.lastMode === "edit" && (
          <Button size="sm" variant={compare ? "default" : "outline"} aria-pressed={compare} onClick={() => setCompare((value) => !value)}>
            {t("compare")}
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {batch && <VariantGrid tiles={batch.tiles} chosen={state.resultImage} onPick={(tile) => onPickVariant(tile, batch.prompt)} />}
        {state.resultImage ? (
          <>
            {showCompare ? (
              <CompareSlider before={state.sourceImage!} after={state.resultImage} alt={alt} className="max-h-[400px]" />
            ) : (
              <button type="button" onClick={() => setZoomOpen(true)} className="cursor-zoom-in" aria-label={t("zoomOpen")}>
                {/* eslint-disable-next-line @next/next/no-img-element -- our own result, preview at most 400 px */}
                <img
                  src={state.resultImage}
                  alt={alt}
                  className="bg-muted mx-auto max-h-[400px] max-w-full rounded-lg object-contain"
                  data-testid="result-image"
                />
              </button>
            )}
            <ResultActions
              url={state.resultImage}
              tool={state.lastMode === "edit" ? "ai_edit" : "text_to_image"}
              prompt={state.resultPrompt}
              variant="editor"
              onMadeAgain={onMadeAgain}
            >
              <UpscaleLink url={state.resultImage} />
            </ResultActions>
            <ZoomViewer src={state.resultImage} alt={alt} open={zoomOpen} onOpenChange={setZoomOpen} />
          </>
        ) : batch ? null : (
          <p className="text-muted-foreground py-12 text-center text-sm">{busy ? t("working") : t("resultEmpty")}</p>
        )}
        {state.actionNote && (
          <p className="text-muted-foreground text-sm" data-testid="action-note">
            {state.actionNote}
          </p>
        )}
        {!state.resultImage && !batch && (
          <SignedInOnly>
            <RecentResults onPick={onRestore} />
          </SignedInOnly>
        )}
      </CardContent>
    </Card>
  );
}
