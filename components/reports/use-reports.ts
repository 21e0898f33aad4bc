"use client";
// The report form's and the appeal page's calls, as TanStack mutations: the screens show sending,
// the confirmation or the refusal without busy state of their own.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";
import type { ReportCategoryValue } from "@/lib/reports/report-values";

export interface ReportSubmission {
  url: string;
  category: ReportCategoryValue;
  explanation: string;
  name?: string;
  email?: string;
  goodFaith: boolean;
  locale: string;
}

export interface ReportReceipt {
  id: string;
  hidden: boolean;
  mailed: boolean;
}

export function useSubmitReport() {
  return useMutation({ mutationFn: (report: ReportSubmission) => apiRequest<ReportReceipt>("POST", "/api/reports", report) });
}

export function useSubmitAppeal() {
  return useMutation({ mutationFn: (appeal: { token: string; text: string }) => apiRequest<{ id: string }>("POST", "/api/appeals", appeal) });
}
