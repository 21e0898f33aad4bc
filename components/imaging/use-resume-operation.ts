"use client";
// After a reload during an image operation, picks it up again: the page shows its progress, then
// its result (with the source image it was made from, fetched back from our own storage), or the
// message its failure deserves.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { refreshAccount } from "@/components/credits/credit-keys";
import type { OperationView } from "@/lib/validation/operations";
import { followOperation, savedOperationFor, useTrackedOperation } from "./operation-tracker";
import { failureOf, useImageFailure, type FailureTexts } from "./use-image-call";

export interface ResumedResult {
  url: string;
  /** The image the operation started from, as a file the screen can show and use again. */
  source: File | null;
  view: OperationView;
}

async function sourceFile(url: string | null): Promise<File | null> {
  if (!url) return null;
  try {
    const response = await fetch(url, { credentials: "include" });
    if (!response.ok) return null;
    const blob = await response.blob();
    return new File([blob], "image", { type: blob.type });
  } catch {
    return null;
  }
}

/** Returns true while a resumed operation is still running on this page. */
export function useResumeOperation(texts: Omit<FailureTexts, "noResult">, onResult: (result: ResumedResult) => void): boolean {
  const tracked = useTrackedOperation();
  const showFailure = useImageFailure();
  const queryClient = useQueryClient();
  const latest = useRef({ texts, onResult, showFailure });
  useEffect(() => {
    latest.current = { texts, onResult, showFailure };
  });

  useEffect(() => {
    const path = window.location.pathname;
    const operationId = savedOperationFor(path);
    if (!operationId) return;
    let active = true;
    void (async () => {
      try {
        const view = await followOperation(operationId, path, true);
        if (!active) return;
        if (view?.status === "succeeded" && view.result) {
          latest.current.onResult({ url: view.result.sample, source: await sourceFile(view.source), view });
        } else {
          latest.current.showFailure(failureOf(view), latest.current.texts);
        }
      } finally {
        void refreshAccount(queryClient);
      }
    })();
    return () => {
      active = false;
    };
  }, [queryClient]);

  return tracked?.resumed === true;
}
