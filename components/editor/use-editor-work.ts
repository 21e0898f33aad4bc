"use client";
// What the editor's prompt does (spec §4, §5): the safety rewrite offered first, a fresh balance and
// the credit check, then one image operation (generate, or edit of the source) or several variants
// of one prompt; each finished result becomes an undoable snapshot of the project.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { cachedUser, currentUserKey } from "@/components/auth/use-auth";
import { useCreditCheck, useElapsedSeconds, useImageOperation } from "@/components/imaging/use-image-operation";
import type { SafetyRewrite } from "@/lib/imaging/safety";
import type { AspectRatio } from "@/lib/imaging/types";
import type { ProjectView } from "@/lib/validation/projects";
import { generatedSnapshot, type Snapshot } from "./use-editor-history";
import { useVariants } from "./use-variants";

type HistoryEntry = ProjectView["state"]["history"][number];

interface EditorRequest {
  mode: "generate" | "edit";
  text: string;
  aspectRatio: AspectRatio;
  source: Snapshot;
}

interface EditorWorkOptions {
  state: Snapshot;
  aspectRatio: AspectRatio;
  commit: (snapshot: Snapshot, entry?: HistoryEntry) => void;
}

export function useEditorWork({ state, aspectRatio, commit }: EditorWorkOptions) {
  const t = useTranslations("Editor");
  const queryClient = useQueryClient();
  const checkCredits = useCreditCheck();
  const [prompt, setPrompt] = useState("");
  const [count, setCount] = useState(1);
  const [optimized, setOptimized] = useState(false);
  const [safety, setSafety] = useState<SafetyRewrite | null>(null);
  const variants = useVariants();
  const variantRun = useMutation({ mutationFn: variants.generate });
  const image = useImageOperation<EditorRequest>({
    endpoint: ({ mode }) => (mode === "generate" ? "/api/flux/generate" : "/api/flux/edit"),
    body: ({ mode, text, aspectRatio: ratio, source }) =>
      mode === "generate"
        ? { json: { prompt: text, aspectRatio: ratio } }
        : { json: { prompt: text, imageUrl: source.sourceImage, width: source.sourceWidth ?? undefined, height: source.sourceHeight ?? undefined } },
    texts: { fallback: t("failed"), noResult: t("noResult") },
  });
  const busy = image.busy || variantRun.isPending;
  const seconds = useElapsedSeconds(busy);
  const mode = state.sourceImage ? "edit" : "generate";

  function finished() {
    setPrompt("");
    setOptimized(false);
  }

  async function run(text: string) {
    // Spec §5: the balance is fetched before generating, so the check uses the server's number.
    // The user is read here, not subscribed to: the screen need not re-render when the session is known.
    const user = cachedUser(queryClient);
    if (user) await queryClient.refetchQueries({ queryKey: currentUserKey });
    const fresh = cachedUser(queryClient);
    if (user && !fresh) return;
    if (!checkCredits(mode)) return;
    if (mode === "generate" && count > 1) {
      if (await variantRun.mutateAsync({ prompt: text, aspectRatio, count, have: fresh?.credits ?? 0 })) finished();
      return;
    }
    variants.clear();
    const done = await image.run({ mode, text, aspectRatio, source: state });
    if (!done) return;
    const { answer, url } = done;
    const note = t(mode === "generate" ? "noteGenerated" : "noteEdited", { prompt: text });
    const next: Snapshot =
      mode === "generate"
        ? generatedSnapshot({ url, width: answer.width, height: answer.height }, text, note)
        : { ...state, resultImage: url, lastMode: "edit", resultPrompt: text, actionNote: note };
    commit(next, { prompt: text, mode, resultUrl: url, at: new Date().toISOString() });
    finished();
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

  /** The safety dialog's answer: the safer prompt (kept, and marked as optimized) or the original. */
  function answerSafety(text: string, safer: boolean) {
    setSafety(null);
    if (safer) {
      setPrompt(text);
      setOptimized(true);
    }
    void run(text);
  }

  function reset() {
    variants.clear();
    setPrompt("");
    setOptimized(false);
  }

  return { mode, prompt, setPrompt, count, setCount, optimized, safety, answerSafety, variants, busy, seconds, submit, reset } as const;
}
