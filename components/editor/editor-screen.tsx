"use client";
// The main editor (spec §2, §4): generate from a prompt, or upload (or keep) an image and edit it;
// undo/redo, zoom, compare, save and download; the work is kept in the user's project.
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useCallback, useState, type ReactNode } from "react";
import { toast } from "@/components/ui/toaster";
import type { AspectRatio } from "@/lib/imaging/types";
import type { ImageResult } from "@/lib/validation/imaging";
import type { ProjectView } from "@/lib/validation/projects";
import { readImageFile } from "./read-image-file";
import { PromptBox } from "./prompt-box";
import { ResultPanel } from "./result-panel";
import { SourcePanel } from "./source-panel";
import { EMPTY_SNAPSHOT, generatedSnapshot, useEditorHistory, type Snapshot } from "./use-editor-history";
import { useEditorWork } from "./use-editor-work";
import { WelcomeDialog } from "./welcome-dialog";
import type { VariantTile } from "./use-variants";
import { ProjectLoader, useEditorProject } from "./use-project";

// The safety dialog loads when it first opens, after the editor itself: the first screen stays light.
// The welcome dialog opens with the page for a first-time guest, so it comes with the editor, on the
// browser's own <dialog> (ui/first-screen-dialog.tsx).
const SafetyDialog = dynamic(() => import("./safety-dialog").then((module) => module.SafetyDialog), { ssr: false });

type HistoryEntry = ProjectView["state"]["history"][number];

interface EditorScreenProps {
  projectId: string | null;
  /** The tool shortcuts (ToolButtons), rendered by the page on the server: links only, no script. */
  tools?: ReactNode;
}

export function EditorScreen({ projectId, tools }: EditorScreenProps) {
  const t = useTranslations("Editor");
  const history = useEditorHistory();
  const { state, load } = history;
  const [aspectRatio, setAspectRatio] = useState<AspectRatio>("square");
  const [resets, setResets] = useState(0);

  const loadProject = useCallback(
    ({ state: saved }: ProjectView) => {
      const last = saved.history.at(-1);
      const { sourceImage, sourceWidth, sourceHeight, resultImage } = saved;
      const actionNote = last ? t(last.mode === "generate" ? "noteGenerated" : "noteEdited", { prompt: last.prompt }) : null;
      load({ sourceImage, sourceWidth, sourceHeight, resultImage, lastMode: last?.mode ?? null, resultPrompt: last?.prompt ?? null, actionNote });
      setAspectRatio(saved.aspectRatio);
    },
    [t, load],
  );
  const project = useEditorProject(loadProject);

  function commit(snapshot: Snapshot, entry?: HistoryEntry) {
    history.push(snapshot);
    project.save(snapshot, aspectRatio, entry);
  }

  const work = useEditorWork({ state, aspectRatio, commit });
  const { variants, busy } = work;

  /** "Make again" gives a new result of the same recipe: it replaces the current one, undoably. */
  function madeAgain(result: ImageResult) {
    const sample = result.result.sample;
    const actionNote = state.actionNote ?? t("resultAlt");
    if (state.lastMode === "edit") commit({ ...state, resultImage: sample, actionNote });
    else commit({ ...state, sourceImage: sample, resultImage: sample, sourceWidth: result.width, sourceHeight: result.height, actionNote });
  }

  async function upload(file: File) {
    try {
      const image = await readImageFile(file);
      variants.clear();
      commit({ ...EMPTY_SNAPSHOT, sourceImage: image.dataUrl, sourceWidth: image.width, sourceHeight: image.height });
    } catch {
      toast.error(t("errorTitle"), { description: t("uploadFailed") });
    }
  }

  function reset() {
    work.reset();
    commit(EMPTY_SNAPSHOT);
    setResets((count) => count + 1);
  }

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8">
      <ProjectLoader projectId={projectId} onLoaded={project.receive} />
      <div className="grid gap-2 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("subtitle")}</p>
      </div>
      {tools}
      <div className="grid gap-6 lg:grid-cols-2">
        <SourcePanel
          mode={work.mode}
          sourceImage={state.sourceImage}
          busy={busy}
          canUndo={history.canUndo}
          canRedo={history.canRedo}
          onUndo={history.undo}
          onRedo={history.redo}
          onUpload={(file) => void upload(file)}
          onReset={reset}
        >
          <PromptBox
            mode={work.mode}
            prompt={work.prompt}
            onPromptChange={work.setPrompt}
            aspectRatio={aspectRatio}
            onAspectRatioChange={setAspectRatio}
            count={work.count}
            onCountChange={work.setCount}
            optimized={work.optimized}
            busy={busy}
            elapsedSeconds={work.seconds}
            onSubmit={() => void work.submit()}
          />
        </SourcePanel>
        <ResultPanel
          state={state}
          busy={busy}
          batch={variants.batch}
          resets={resets}
          onMadeAgain={madeAgain}
          onPickVariant={(tile: VariantTile, text: string) => {
            // A picked variant becomes the result, as a generation of its prompt would, and goes into undo history.
            if (!tile.sample || tile.sample === state.resultImage) return;
            commit(generatedSnapshot({ url: tile.sample, width: tile.width, height: tile.height }, text, t("noteGenerated", { prompt: text })), {
              prompt: text,
              mode: "generate",
              resultUrl: tile.sample,
              at: new Date().toISOString(),
            });
          }}
          onRestore={(picked) =>
            commit(generatedSnapshot({ url: picked.imageUrl, width: picked.width, height: picked.height }, picked.prompt, t("noteRestored")))
          }
        />
      </div>
      {work.safety && (
        <SafetyDialog rewrite={work.safety} onAccept={(safer) => work.answerSafety(safer, true)} onKeep={(original) => work.answerSafety(original, false)} />
      )}
      <WelcomeDialog />
    </section>
  );
}
