"use client";
// A batch of files for one tool: each file is its own call to the tool's endpoint (answered at once
// with `Prefer: respond-async`, then followed to its end), so each is charged, and refunded on
// failure, on its own. A few run at a time; each row shows its stage, progress, result or error, and a
// failed one can be tried again.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { refreshAccount } from "@/components/credits/credit-keys";
import { MAX_BATCH_FILES } from "@/components/imaging/image-dropzone";
import { untilEnded } from "@/components/imaging/operation-tracker";
import { postImageCall, type ImageCallBody } from "@/components/imaging/use-image-call";
import { ApiError } from "@/lib/api/client";
import { classifyProcessingError } from "@/lib/imaging/processing-errors";
import type { OperationView } from "@/lib/validation/operations";

/**
 * Files in flight at once. An operation's deadline runs from the moment it is queued, so a batch keeps
 * few of its own files waiting behind each other; the rest wait here, where no clock runs.
 */
export const BATCH_CONCURRENCY = 2;

export type BatchStatus = "ready" | "waiting" | "working" | "done" | "failed";

export interface BatchItem {
  id: string;
  file: File;
  /** A local object URL of the original, for its thumbnail. */
  previewUrl: string;
  status: BatchStatus;
  /** Percent, or null while queued or unknown. */
  progress: number | null;
  stage: string | null;
  queuePosition: number | null;
  resultUrl: string | null;
  error: string | null;
}

export interface BatchOptions {
  endpoint: string;
  /** The request for one file. */
  bodyFor: (file: File) => Promise<ImageCallBody>;
  /** Said when a file fails with nothing more specific. */
  failedText: string;
  /** Files in flight at once. */
  concurrency: number;
}

/** The sentence a failed file shows in its row. */
function useFailureText(fallback: string) {
  const t = useTranslations("Imaging");
  return useCallback(
    (error: unknown): string => {
      if (!(error instanceof ApiError)) return t("network");
      if (error.code === "canceled") return t("canceledBody");
      const view = classifyProcessingError({ status: error.status, code: error.code, message: error.serverMessage });
      switch (view.kind) {
        case "authentication":
          return t("authErrorBody");
        case "insufficient_credits":
          return view.text ?? t("notEnoughGeneric");
        case "guest_too_many_pixels":
          return t("guestTooManyPixels");
        case "timeout":
          return t("timeout");
        case "refused":
        case "moderated":
          return t("moderated");
        case "message":
          return view.text ?? fallback;
        default:
          return fallback;
      }
    },
    [t, fallback],
  );
}

let nextId = 0;

export function useBatch({ endpoint, bodyFor, failedText, concurrency }: BatchOptions) {
  const [items, setItems] = useState<BatchItem[]>([]);
  const queryClient = useQueryClient();
  const failureText = useFailureText(failedText);
  const urls = useRef(new Set<string>());

  // Object URLs live as long as the screen.
  useEffect(() => {
    const owned = urls.current;
    return () => owned.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const update = useCallback((id: string, patch: Partial<BatchItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  /** Adds files up to the limit; returns how many were left out. */
  const add = useCallback(
    (files: File[]): number => {
      const room = Math.max(0, MAX_BATCH_FILES - items.length);
      const added = files.slice(0, room).map((file): BatchItem => {
        const previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
        nextId += 1;
        return { id: `batch-${nextId}`, file, previewUrl, status: "ready", progress: null, stage: null, queuePosition: null, resultUrl: null, error: null };
      });
      setItems((list) => [...list, ...added]);
      return files.length - added.length;
    },
    [items.length],
  );

  const forget = useCallback((item: BatchItem) => {
    URL.revokeObjectURL(item.previewUrl);
    urls.current.delete(item.previewUrl);
  }, []);

  const remove = useCallback(
    (id: string) =>
      setItems((list) => {
        const item = list.find((candidate) => candidate.id === id);
        if (item) forget(item);
        return list.filter((candidate) => candidate.id !== id);
      }),
    [forget],
  );

  const clear = useCallback(
    () =>
      setItems((list) => {
        list.forEach(forget);
        return [];
      }),
    [forget],
  );

  const runOne = useCallback(
    async (item: BatchItem) => {
      update(item.id, { status: "working", progress: null, stage: null, queuePosition: null, resultUrl: null, error: null });
      let last: OperationView | null = null;
      try {
        const follow = (operationId: string) =>
          untilEnded(operationId, (view) => {
            last = view;
            update(item.id, { progress: view.status === "queued" ? null : view.progress, stage: view.stage, queuePosition: view.queuePosition });
          });
        const answer = await postImageCall<{ result?: { sample?: string }; convertedImage?: string }>(endpoint, await bodyFor(item.file), follow);
        const url = answer.result?.sample || answer.convertedImage || (last as OperationView | null)?.result?.sample;
        if (!url) throw new ApiError(502, "processing_failed", failedText, "no result");
        update(item.id, { status: "done", progress: 100, resultUrl: url });
      } catch (error) {
        update(item.id, { status: "failed", progress: null, error: failureText(error) });
      } finally {
        void refreshAccount(queryClient);
      }
    },
    [endpoint, bodyFor, failedText, failureText, update, queryClient],
  );

  /** Runs the given files (every file not yet done, by default), a few at a time. */
  const start = useCallback(
    async (only?: string[]) => {
      const queue = items.filter((item) => (only ? only.includes(item.id) : item.status === "ready" || item.status === "failed"));
      setItems((list) => list.map((item) => (queue.some((queued) => queued.id === item.id) ? { ...item, status: "waiting", error: null } : item)));
      const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await runOne(next);
      });
      await Promise.all(lanes);
    },
    [items, concurrency, runOne],
  );

  /** Makes finished files ready to run again (e.g. into another format). */
  const again = useCallback(
    () => setItems((list) => list.map((item) => (item.status === "done" ? { ...item, status: "ready", progress: null, resultUrl: null } : item))),
    [],
  );

  const running = items.some((item) => item.status === "waiting" || item.status === "working");
  const pending = items.filter((item) => item.status === "ready" || item.status === "failed").length;
  return { items, add, remove, clear, start, again, running, pending };
}
