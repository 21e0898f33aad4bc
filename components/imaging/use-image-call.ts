"use client";
// The wire side of an image operation: the call asks for an asynchronous answer and follows the
// queued operation (progress, cancel, resume after a reload) until it ends; every way it can fail
// becomes an ApiError, and useImageFailure turns one into the spec's message (§8). Screens use it
// through useImageOperation; batches and variants follow their operations with it directly.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { toast } from "@/components/ui/toaster";
import { ApiError, apiErrorFrom } from "@/lib/api/client";
import { classifyProcessingError } from "@/lib/imaging/processing-errors";
import type { ImageResult } from "@/lib/validation/imaging";
import type { OperationView } from "@/lib/validation/operations";
import { followOperation } from "./operation-tracker";

export type ImageCallBody = { json: unknown } | { form: FormData };

/**
 * What a finished operation answers, in the shape of the spec's synchronous answers: image calls
 * carry `result.sample`, the converter `convertedImage`.
 */
export function answerOf(view: OperationView): ImageResult & { convertedImage: string } {
  const sample = view.result?.sample ?? "";
  return { result: { sample }, convertedImage: sample, operationId: view.id, width: view.width ?? 0, height: view.height ?? 0 };
}

/** The failure an ended operation stands for, as the ApiError a synchronous call would have thrown. */
export function failureOf(view: OperationView | null): ApiError {
  if (!view) return new ApiError(404, "operation_not_found", "This operation was not found.", "404: operation not found");
  const error = view.error ?? { status: 502, code: "processing_failed", message: "Image processing failed." };
  return new ApiError(error.status, error.code, error.message, `${error.status}: ${error.message}`);
}

/** Follows an accepted operation to its end: by default as the tab's one tracked operation. */
export type FollowOperation = (operationId: string) => Promise<OperationView | null>;

const followTracked: FollowOperation = (operationId) => followOperation(operationId, window.location.pathname);

/**
 * Posts to an image call and follows its operation to the end; a non-OK answer or a failed
 * operation becomes an ApiError with the server's code and message.
 */
export async function postImageCall<T = ImageResult>(url: string, body: ImageCallBody, follow: FollowOperation = followTracked): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "include",
    ...("json" in body
      ? { headers: { "Content-Type": "application/json", Prefer: "respond-async" }, body: JSON.stringify(body.json) }
      : { headers: { Prefer: "respond-async" }, body: body.form }),
  });
  if (response.status === 202) {
    const { operationId } = (await response.json()) as { operationId: string };
    const view = await follow(operationId);
    if (view?.status !== "succeeded") throw failureOf(view);
    return answerOf(view) as T;
  }
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response.status, text);
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

/** Shows the spec's message for a failed image call (or a toast for a canceled one). */
export function useImageFailure() {
  const t = useTranslations("Imaging");
  const tc = useTranslations("Common");
  return useCallback(
    (error: unknown, texts: Omit<FailureTexts, "noResult">) => {
      const failure = error instanceof ApiError ? { status: error.status, code: error.code, message: error.serverMessage } : { status: 0, message: "" };
      if (failure.code === "canceled") {
        toast.info(t("canceledTitle"), { description: t("canceledBody") });
        return;
      }
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
        case "guest_too_many_pixels":
          toast.error(tc("error"), { description: t("guestTooManyPixels") });
          break;
        case "timeout":
          toast.error(tc("error"), { description: texts.timeout ?? t("timeout") });
          break;
        case "refused":
          toast.error(tc("error"), { description: t("moderated") });
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
    },
    [t, tc],
  );
}
