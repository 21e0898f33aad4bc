"use client";
// Sends one image to POST /api/verify and keeps its report: a TanStack mutation, so the screen shows
// "checking", the verdict or the failure without keeping busy state of its own.
import { useMutation } from "@tanstack/react-query";
import { apiErrorFrom } from "@/lib/api/client";
import type { CredentialsReport } from "@/lib/provenance/verify-report";

async function verifyImage(file: File): Promise<CredentialsReport> {
  const form = new FormData();
  form.append("image", file);
  const response = await fetch("/api/verify", { method: "POST", credentials: "include", body: form });
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response.status, text, response.statusText);
  return JSON.parse(text) as CredentialsReport;
}

export function useVerifyImage() {
  return useMutation({ mutationFn: verifyImage });
}
