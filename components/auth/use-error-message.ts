"use client";
// Turns a failed call into a sentence in the user's language: a known server code is translated,
// anything else shows the server's own message.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { ApiError } from "@/lib/api/client";

export function useErrorMessage() {
  const t = useTranslations("ServerErrors");
  return useCallback(
    (error: unknown): string => {
      if (error instanceof ApiError) {
        if (error.code && t.has(error.code)) return t(error.code);
        return error.serverMessage ?? error.message;
      }
      if (error instanceof TypeError) return t("network");
      return error instanceof Error ? error.message : t("internal_error");
    },
    [t],
  );
}
