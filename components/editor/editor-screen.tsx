"use client";
// The main editor (spec §2, §4): generate from a prompt, or upload (or keep) an image and edit it;
// undo/redo, zoom, compare, save and download; the work is kept in the user's project.
import { useQueryClient } from "@tanstack/react-query";
import { Redo2, RotateCcw, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useReducer, useState } from "react";
import { cachedUser, currentUserKey } from "@/components/auth/use-auth";
import { SignedInOnly } from "@/components/auth/signed-in-only";
import { EngineNotice } from "@/components/imaging/engine-notice";
import { ImageDropzone } from "@/components/imaging/image-dropzone";
import { useCreditCheck } from "@/components/imaging/use-credit-check";
import { sampleOf, useImageCall } from "@/components/imaging/use-image-call";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { clientLazy } from "@/components/ui/client-lazy";
import { toast } from "@/components/ui/toaster";
import { canRedo, canUndo, createHistory, pushHistory, redo, undo, type History } from "@/lib/editor/history";
import type { SafetyRewrite } from "@/lib/imaging/safety";
import type { AspectRatio } from "@/lib/imaging/types";
import type { ImageResult } from "@/lib/validation/imaging";
import type { ProjectView } from "@/lib/validation/projects";
import { PromptBox } from "./prompt-box";
import { ToolButtons } from "./tool-buttons";
import { ProjectLoader, useEditorProject } from "./use-project";
import { useVariants, type VariantTile } from "./use-variants";

// Dialogs load when they first open, after the editor itself: the first screen stays light.
const SafetyDialog = clientLazy(() => import("./safety-dialog").then((module) => module.SafetyDialog));
const WelcomeDialog = clientLazy(() => import("./welcome-dialog").then((module) => module.WelcomeDialog));
// The variant grid appears only after a request for several images.
const VariantGrid = clientLazy(() => import("./variant-grid").then((module) => module.VariantGrid));
const ZoomViewer = clientLazy(() => import("./zoom-viewer").then((module) => module.ZoomViewer));
// What shows a result loads with the first result: a new visitor's first screen is the prompt alone.
const CompareSlider = clientLazy(() => import("@/components/imaging/compare-slider").then((module) => module.CompareSlider));
const ResultActions = clientLazy(() => import("@/components/imaging/result-actions").then((module) => module.ResultActions));
const UpscaleLink = clientLazy(() => import("./upscale-link").then((module) => module.UpscaleLink));
const RecentResults = clientLazy(() => import("./recent-results").then((module) => module.RecentResults));

export interface Snapshot {
  sourceImage: string | null;
  sourceWidth: number | null;
  sourceHeight: number | null;
  resultImage: string | null;
  lastMode: "generate" | "edit" | null;
  /** The prompt that made the result, kept with it for saving to the gallery. */
  resultPrompt: string | null;
  actionNote: string | null;
}

const EMPTY: Snapshot = { sourceImage: null, sourceWidth: null, sourceHeight: null, resultImage: null, lastMode: null, resultPrompt: null, actionNote: null };

type Action = { type: "push"; snapshot: Snapshot } | { type: "undo" } | { type: "redo" } | { type: "load"; snapshot: Snapshot };

function reducer(history: History<Snapshot>, action: Action): History<Snapshot> {
  switch (action.type) {
    case "push":
      return pushHistory(history, action.snapshot);
    case "undo":
      return undo(history);
    case "redo":
      return redo(history);
    case "load":
      return createHistory(action.snapshot);
  }
}

function readImageFile(file: File): Promise<{ dataUrl: string; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error);
    reader.onload = () => {
      const dataUrl = String(reader.result);
      const image = new Image();
      image.onload = () => resolve({ dataUrl, width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = () => reject(new Error("Not an image"));
      image.src = dataUrl;
    };
    reader.readAsDataURL(file);
  });
}

export function EditorScreen({ projectId }: { projectId: string | null }) {
  const t = useTranslations("Editor");
  const queryClient = useQueryClient();
  const checkCredits = useCreditCheck();
  const callImage = useImageCall();
  const [history, dispatch] = useReducer(reducer, createHistory(EMPTY));
  const [prompt, setPrompt] = useState("");
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>("square");
  const [count, setCount] = useState(1);
  const variants = useVariants();
  const [optimized, setOptimized] = useState(false);
  const [busy, setBusy] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [compare, setCompare] = useState(false);
  const [safety, setSafety] = useState<SafetyRewrite | null>(null);
  const state = history.present;
  const mode = state.sourceImage ? "edit" : "generate";

  const loadProject = useCallback(
    ({ state: saved }: ProjectView) => {
      const last = saved.history.at(-1);
      dispatch({
        type: "load",
        snapshot: {
          sourceImage: saved.sourceImage,
          sourceWidth: saved.sourceWidth,
          sourceHeight: saved.sourceHeight,
          resultImage: saved.resultImage,
          lastMode: last?.mode ?? null,
          resultPrompt: last?.prompt ?? null,
          actionNote: last ? t(last.mode === "generate" ? "noteGenerated" : "noteEdited", { prompt: last.prompt }) : null,
        },
      });
      setAspectRatio(saved.aspectRatio);
    },
    [t],
  );
  const project = useEditorProject(loadProject);

  function commit(snapshot: Snapshot, entry?: ProjectView["state"]["history"][number]) {
    dispatch({ type: "push", snapshot });
    project.save(snapshot, aspectRatio, entry);
  }

  useEffect(() => {
    if (!busy) return;
    const started = Date.now();
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 500);
    return () => {
      clearInterval(timer);
      setElapsed(0);
    };
  }, [busy]);

  const onKey = useCallback((event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target?.closest("input, textarea, [contenteditable=true]")) return;
    if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "z") {
      event.preventDefault();
      dispatch({ type: event.shiftKey ? "redo" : "undo" });
    }
  }, []);
  useEffect(() => {
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onKey]);

  async function run(text: string) {
    const operation = mode === "generate" ? "generate" : "edit";
    // Spec §5: the balance is fetched before generating, so the check uses the server's number.
    // The user is read here, not subscribed to: the screen need not re-render when the session is known.
    const user = cachedUser(queryClient);
    if (user) await queryClient.refetchQueries({ queryKey: currentUserKey });
    const fresh = cachedUser(queryClient);
    if (user && !fresh) return;
    if (!checkCredits(operation)) return;
    if (operation === "generate" && count > 1) return runVariants(text, fresh?.credits ?? 0);
    variants.clear();
    setBusy(true);
    try {
      const body =
        operation === "generate"
          ? { json: { prompt: text, aspectRatio } }
          : { json: { prompt: text, imageUrl: state.sourceImage, width: state.sourceWidth ?? undefined, height: state.sourceHeight ?? undefined } };
      const done = await callImage<ImageResult>(
        operation === "generate" ? "/api/flux/generate" : "/api/flux/edit",
        body,
        { fallback: t("failed"), noResult: t("noResult") },
        sampleOf,
      );
      if (!done) return;
      const { answer: result, url: sample } = done;
      const note = t(operation === "generate" ? "noteGenerated" : "noteEdited", { prompt: text });
      const next: Snapshot =
        operation === "generate"
          ? {
              sourceImage: sample,
              sourceWidth: result.width,
              sourceHeight: result.height,
              resultImage: sample,
              lastMode: "generate",
              resultPrompt: text,
              actionNote: note,
            }
          : { ...state, resultImage: sample, lastMode: "edit", resultPrompt: text, actionNote: note };
      commit(next, { prompt: text, mode: operation, resultUrl: sample, at: new Date().toISOString() });
      setPrompt("");
      setOptimized(false);
    } finally {
      setBusy(false);
    }
  }

  async function runVariants(text: string, have: number) {
    setBusy(true);
    try {
      if (!(await variants.generate({ prompt: text, aspectRatio, count, have }))) return;
      setPrompt("");
      setOptimized(false);
    } finally {
      setBusy(false);
    }
  }

  /** A picked variant becomes the result, as a generation of its prompt would, and goes into undo history. */
  function pickVariant(tile: VariantTile, text: string) {
    if (!tile.sample || tile.sample === state.resultImage) return;
    commit(
      {
        sourceImage: tile.sample,
        sourceWidth: tile.width,
        sourceHeight: tile.height,
        resultImage: tile.sample,
        lastMode: "generate",
        resultPrompt: text,
        actionNote: t("noteGenerated", { prompt: text }),
      },
      { prompt: text, mode: "generate", resultUrl: tile.sample, at: new Date().toISOString() },
    );
  }

  /** "Make again" gives a new result of the same recipe: it replaces the current one, undoably. */
  function madeAgain(result: ImageResult) {
    const sample = result.result.sample;
    const note = state.actionNote ?? t("resultAlt");
    if (state.lastMode === "edit") commit({ ...state, resultImage: sample, actionNote: note });
    else commit({ ...state, sourceImage: sample, resultImage: sample, sourceWidth: result.width, sourceHeight: result.height, actionNote: note });
  }

  async function submit() {
    const text = prompt.trim();
    if (!text || busy) return;
    // The safety word lists load with the first request, not with the page.
    const { rewritePromptForSafety } = await import("@/lib/imaging/safety");
    const rewrite = rewritePromptForSafety(text);
    if (!optimized && rewrite.changes.length) {
      setSafety(rewrite);
      return;
    }
    void run(text);
  }

  async function upload(file: File) {
    try {
      const image = await readImageFile(file);
      variants.clear();
      commit({
        sourceImage: image.dataUrl,
        sourceWidth: image.width,
        sourceHeight: image.height,
        resultImage: null,
        lastMode: null,
        resultPrompt: null,
        actionNote: null,
      });
    } catch {
      toast.error(t("errorTitle"), { description: t("uploadFailed") });
    }
  }

  function reset() {
    variants.clear();
    commit(EMPTY);
    setPrompt("");
    setOptimized(false);
    setZoomOpen(false);
    setCompare(false);
  }

  const showCompare = compare && state.resultImage && state.sourceImage && state.resultImage !== state.sourceImage;
  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8">
      <ProjectLoader projectId={projectId} onLoaded={project.receive} />
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      <ToolButtons />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2">
            <CardTitle>{mode === "generate" ? t("generateTitle") : t("editTitle")}</CardTitle>
            <div className="flex gap-1">
              <Button size="icon" variant="ghost" aria-label={t("undo")} disabled={!canUndo(history) || busy} onClick={() => dispatch({ type: "undo" })}>
                <Undo2 />
              </Button>
              <Button size="icon" variant="ghost" aria-label={t("redo")} disabled={!canRedo(history) || busy} onClick={() => dispatch({ type: "redo" })}>
                <Redo2 />
              </Button>
            </div>
          </CardHeader>
          <CardContent className="grid gap-4">
            {state.sourceImage ? (
              <div className="grid gap-2">
                {/* eslint-disable-next-line @next/next/no-img-element -- a local upload or our own file */}
                <img
                  src={state.sourceImage}
                  alt={t("sourceAlt")}
                  className="bg-muted max-h-[400px] w-full rounded-lg object-contain"
                  data-testid="source-image"
                />
                <Button variant="outline" onClick={reset} disabled={busy}>
                  <RotateCcw aria-hidden />
                  {t("uploadDifferent")}
                </Button>
              </div>
            ) : (
              <ImageDropzone onImage={(file) => void upload(file)} disabled={busy} hint={t("uploadHint")} />
            )}
            <PromptBox
              mode={mode}
              prompt={prompt}
              onPromptChange={setPrompt}
              aspectRatio={aspectRatio}
              onAspectRatioChange={setAspectRatio}
              count={count}
              onCountChange={setCount}
              optimized={optimized}
              busy={busy}
              elapsedSeconds={elapsed}
              onSubmit={() => void submit()}
            />
            <EngineNotice operations={[mode === "generate" ? "generate" : "edit"]} />
          </CardContent>
        </Card>
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
            {variants.batch && (
              <VariantGrid tiles={variants.batch.tiles} chosen={state.resultImage} onPick={(tile) => pickVariant(tile, variants.batch!.prompt)} />
            )}
            {state.resultImage ? (
              <>
                {showCompare ? (
                  <CompareSlider before={state.sourceImage!} after={state.resultImage} alt={state.actionNote ?? t("resultAlt")} className="max-h-[400px]" />
                ) : (
                  <button type="button" onClick={() => setZoomOpen(true)} className="cursor-zoom-in" aria-label={t("zoomOpen")}>
                    {/* eslint-disable-next-line @next/next/no-img-element -- our own result, preview at most 400 px */}
                    <img
                      src={state.resultImage}
                      alt={state.actionNote ?? t("resultAlt")}
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
                  onMadeAgain={madeAgain}
                >
                  <UpscaleLink url={state.resultImage} />
                </ResultActions>
                <ZoomViewer src={state.resultImage} alt={state.actionNote ?? t("resultAlt")} open={zoomOpen} onOpenChange={setZoomOpen} />
              </>
            ) : variants.batch ? null : (
              <p className="text-muted-foreground py-12 text-center text-sm">{busy ? t("working") : t("resultEmpty")}</p>
            )}
            {state.actionNote && (
              <p className="text-muted-foreground text-sm" data-testid="action-note">
                {state.actionNote}
              </p>
            )}
            {!state.resultImage && !variants.batch && (
              <SignedInOnly>
                <RecentResults
                  onPick={(picked) =>
                    commit({
                      sourceImage: picked.imageUrl,
                      sourceWidth: picked.width,
                      sourceHeight: picked.height,
                      resultImage: picked.imageUrl,
                      lastMode: "generate",
                      resultPrompt: picked.prompt,
                      actionNote: t("noteRestored"),
                    })
                  }
                />
              </SignedInOnly>
            )}
          </CardContent>
        </Card>
      </div>
      {safety && (
        <SafetyDialog
          rewrite={safety}
          onAccept={(safer) => {
            setSafety(null);
            setPrompt(safer);
            setOptimized(true);
            void run(safer);
          }}
          onKeep={(original) => {
            setSafety(null);
            void run(original);
          }}
        />
      )}
      <WelcomeDialog />
    </section>
  );
}
