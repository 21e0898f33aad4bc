"use client";
// The editor's undo history (spec §4): each generation, edit, upload or pick is a snapshot; Undo and
// Redo move between them (also Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z outside text fields), and a loaded
// project starts a new history.
import { useCallback, useEffect, useReducer } from "react";
import { canRedo, canUndo, createHistory, pushHistory, redo, undo, type History } from "@/lib/editor/history";

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

export const EMPTY_SNAPSHOT: Snapshot = {
  sourceImage: null,
  sourceWidth: null,
  sourceHeight: null,
  resultImage: null,
  lastMode: null,
  resultPrompt: null,
  actionNote: null,
};

/** A snapshot whose source and result are one new image (a generation, a picked variant or a restored result). */
export function generatedSnapshot(image: { url: string; width: number | null; height: number | null }, prompt: string | null, note: string): Snapshot {
  return {
    sourceImage: image.url,
    sourceWidth: image.width,
    sourceHeight: image.height,
    resultImage: image.url,
    lastMode: "generate",
    resultPrompt: prompt,
    actionNote: note,
  };
}

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

export function useEditorHistory() {
  const [history, dispatch] = useReducer(reducer, createHistory(EMPTY_SNAPSHOT));

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

  return {
    state: history.present,
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    push: useCallback((snapshot: Snapshot) => dispatch({ type: "push", snapshot }), []),
    load: useCallback((snapshot: Snapshot) => dispatch({ type: "load", snapshot }), []),
    undo: useCallback(() => dispatch({ type: "undo" }), []),
    redo: useCallback(() => dispatch({ type: "redo" }), []),
  };
}
