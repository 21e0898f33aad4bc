"use client";
// One image operation on a screen, on TanStack Query's useMutation: the spec's guards in order (the
// screen's own, then credits) before anything is uploaded, the call followed to its end (progress,
// cancel, resume after a reload), the seconds spent, and every failure as the spec's message (§8).
// Credits are refreshed after each call, success or not (a failure was refunded on the server).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { cachedUser } from "@/components/auth/use-auth";
import { refreshAccount } from "@/components/credits/credit-keys";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/client";
import { CREDIT_COSTS, type ChargeableOperation } from "@/lib/credits/costs";
import type { ImageResult } from "@/lib/validation/imaging";
import type { OperationView } from "@/lib/validation/operations";
import { failureOf, postImageCall, useImageFailure, type FailureTexts, type ImageCallBody } from "./use-image-call";
import { cancelTrackedOperation, followOperation, savedOperationFor, useTrackedOperation, type TrackedOperation } from "./operation-tracker";

export interface ImageOperationOptions<Input, Answer> {
  /** The call that starts the operation, e.g. "/api/flux/edit" (or, for a screen of two calls, the input's). */
  endpoint: string | ((input: Input) => string);
  /** What the operation charges: the cached balance is checked first. Omitted for free calls. */
  charge?: ChargeableOperation;
  /** A credit check of the screen's own instead (e.g. asking the server); false after its own toast. */
  checkCredits?: () => Promise<boolean>;
  /** The screen's guards, before credits ("No Image", "No Style Selected"); false after their own toast. */
  validate?: (input: Input) => boolean;
  /** The call's body; null after its own toast when it cannot be made (an unreadable file, no mask). */
  body: (input: Input) => ImageCallBody | null | Promise<ImageCallBody | null>;
  /** Where the answer keeps its result URL: `result.sample` unless said otherwise. */
  resultUrl?: (answer: Answer) => string | undefined;
  texts: FailureTexts;
  /** A reload during the work picks the operation up again and hands its result here. */
  onResume?: (resumed: ResumedResult) => void;
}

export interface ResumedResult {
  url: string;
  /** The image the operation started from, as a file the screen can show and use again. */
  source: File | null;
  view: OperationView;
}

export interface ImageOperationDone<Answer> {
  answer: Answer;
  url: string;
}

const sampleOf = (answer: unknown) => (answer as ImageResult).result?.sample;

/** The credit check every paid action makes before it uploads or calls anything (spec §5, §8). */
export function useCreditCheck() {
  const t = useTranslations("Imaging");
  const queryClient = useQueryClient();
  return useCallback(
    (operation: ChargeableOperation): boolean => {
      // Read when the action starts rather than subscribed: the screen need not re-render when the session is known.
      const user = cachedUser(queryClient);
      const need = CREDIT_COSTS[operation];
      const have = user?.credits ?? 0;
      if (!user) {
        // A guest hears what the action needs and that signing up gives more.
        toast.error(t(`guestNeedsTitle_${operation}`), {
          description: t(`guestNeeds_${operation}`, { need, have }),
        });
        return false;
      }
      if (have < need) {
        toast.error(t("insufficientTitle"), { description: t(`notEnough_${operation}`) });
        return false;
      }
      return true;
    },
    [t, queryClient],
  );
}

/** Whole seconds since `busy` became true; 0 when idle. */
export function useElapsedSeconds(busy: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!busy) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => {
      clearInterval(timer);
      setSeconds(0);
    };
  }, [busy]);
  return busy ? seconds : 0;
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

/**
 * After a reload during an operation, picks it up again: its progress, then its result (with the
 * source image, fetched back from our own storage), or the message its failure deserves. True while
 * a resumed operation is still running on this page.
 */
function useResumedOperation(enabled: boolean, texts: FailureTexts, onResult: (result: ResumedResult) => void): boolean {
  const tracked = useTrackedOperation((operation) => enabled && operation.resumed);
  const showFailure = useImageFailure();
  const queryClient = useQueryClient();
  const latest = useRef({ texts, onResult, showFailure });
  useEffect(() => {
    latest.current = { texts, onResult, showFailure };
  });
  useEffect(() => {
    const path = window.location.pathname;
    const operationId = enabled ? savedOperationFor(path) : null;
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
  }, [enabled, queryClient]);
  return tracked !== null;
}

interface Job<Input> {
  input: Input;
  /** The credit check's answer; asynchronous checks run inside the mutation, so the screen shows them as work. */
  allowed: boolean | Promise<boolean>;
}

export function useImageOperation<Input, Answer = ImageResult>(options: ImageOperationOptions<Input, Answer>) {
  const tc = useTranslations("Common");
  const queryClient = useQueryClient();
  const showFailure = useImageFailure();
  const checkCached = useCreditCheck();
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const mutation = useMutation({
    mutationFn: async ({ input, allowed }: Job<Input>): Promise<ImageOperationDone<Answer> | null> => {
      if (!(await allowed)) return null;
      const { endpoint, body, resultUrl = sampleOf, texts } = latest.current;
      const request = await body(input);
      if (!request) return null;
      try {
        const answer = await postImageCall<Answer>(typeof endpoint === "string" ? endpoint : endpoint(input), request);
        const url = resultUrl(answer);
        if (url) return { answer, url };
        toast.error(tc("error"), { description: texts.noResult });
        return null;
      } finally {
        void refreshAccount(queryClient);
      }
    },
    onError: (error) => showFailure(error, latest.current.texts),
  });
  const { mutateAsync, isPending } = mutation;

  const run = useCallback(
    async (input: Input): Promise<ImageOperationDone<Answer> | null> => {
      const { validate, charge, checkCredits } = latest.current;
      if (validate && !validate(input)) return null;
      const allowed = checkCredits ? checkCredits() : charge ? checkCached(charge) : true;
      if (allowed === false) return null;
      return mutateAsync({ input, allowed }).catch(() => null);
    },
    [checkCached, mutateAsync],
  );

  const resuming = useResumedOperation(Boolean(options.onResume), options.texts, (resumed) => latest.current.onResume?.(resumed));
  const busy = isPending || resuming;
  const seconds = useElapsedSeconds(busy);
  // Subscribed only while this operation runs: an idle screen does not draw itself again for another's.
  const progress: TrackedOperation | null = useTrackedOperation(() => busy);
  const error = mutation.error instanceof ApiError ? (mutation.error.serverMessage ?? mutation.error.message) : null;

  return { run, busy, resuming, seconds, progress, cancel: cancelTrackedOperation, error, reset: mutation.reset };
}
