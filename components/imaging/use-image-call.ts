"use client";
// Calls an image operation and turns every way it can fail (an answer without an image included)
// into the spec's message: the caller gets the answer and its result URL, or null after the toast. Credits are refreshed afterwards,
// success or not (a failure was refunded on the server).
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { refreshAccount } from "@/components/credits/use-credits";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/client";
import { classifyProcessingError } from "@/lib/imaging/processing-errors";
import type { ImageResult } from "@/lib/validation/imaging";

export type ImageCallBody = { json: unknown } | { form: FormData };

/** Posts to an image call; a non-OK answer becomes an ApiError with the server's code and message. */
export async function postImageCall<T = ImageResult>(url: string, body: ImageCallBody): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "include",
    ...("json" in body ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body.json) } : { body: body.form }),
  });
  const text = await response.text();
  if (!response.ok) {
    let parsed: { error?: string; message?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON: keep the status alone.
    }
    throw new ApiError(response.status, parsed.error, parsed.message ?? parsed.error ?? `API request failed with status ${response.status}`, `${response.status}: ${text}`);
  }
  return JSON.parse(text) as T;
}

export interface FailureTexts {
  /** Shown for failures with nothing more specific, e.g. "Failed to remove background. Please try again". */
  fallback: string;
  timeout?: string;
  moderated?: string;
  /** Shown when the call succeeds but carries no image, e.g. "No result from Flux API". */
  noResult: string;
}

/** Where an image call's answer keeps its result URL. */
export const sampleOf = (answer: ImageResult) => answer.result?.sample;

export function useImageCall() {
  const t = useTranslations("Imaging");
  const tc = useTranslations("Common");
  const queryClient = useQueryClient();
  return useCallback(
    async <T>(url: string, body: ImageCallBody, texts: FailureTexts, resultUrl: (answer: T) => string | undefined): Promise<{ answer: T; url: string } | null> => {
      try {
        const answer = await postImageCall<T>(url, body);
        const found = resultUrl(answer);
        if (found) return { answer, url: found };
        toast.error(tc("error"), { description: texts.noResult });
        return null;
      } catch (error) {
        const failure = error instanceof ApiError ? { status: error.status, code: error.code, message: error.serverMessage } : { status: 0, message: "" };
        const view = classifyProcessingError(failure);
        switch (view.kind) {
          case "authentication":
            toast.error(t("authErrorTitle"), { description: t("authErrorBody") });
            // /api/login is a redirect route, not a page: a full navigation is what it needs.
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination
            setTimeout(() => window.location.assign(`/api/login?returnTo=${encodeURIComponent(window.location.pathname)}`), 1000);
            break;
          case "insufficient_credits":
            toast.error(t("insufficientTitle"), { description: view.text ?? t("notEnoughGeneric") });
            break;
          case "timeout":
            toast.error(tc("error"), { description: texts.timeout ?? t("timeout") });
            break;
          case "moderated":
            toast.error(tc("error"), { description: texts.moderated ?? t("moderated") });
            break;
          case "message":
            toast.error(tc("error"), { description: view.text });
            break;
          default:
            toast.error(tc("error"), { description: failure.status === 0 ? t("network") : texts.fallback });
        }
        return null;
      } finally {
        void refreshAccount(queryClient);
      }
    },
    [t, tc, queryClient],
  );
}
