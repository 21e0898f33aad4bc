"use client";
// The brush strokes of a removal tool, with undo on Ctrl/Cmd+Z as in every painting program (but
// not while typing in a field, where the shortcut belongs to the text).
import { useEffect, useReducer } from "react";
import { initialPaintState, paintReducer } from "@/lib/masks/strokes";

export function usePaintStrokes(enabled: boolean) {
  const [state, dispatch] = useReducer(paintReducer, initialPaintState);
  useEffect(() => {
    if (!enabled) return;
    function onKey(event: KeyboardEvent) {
      if (event.key.toLowerCase() !== "z" || !(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return;
      const target = event.target;
      if (target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      event.preventDefault();
      dispatch({ type: "undo" });
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);
  return [state.strokes, dispatch] as const;
}
