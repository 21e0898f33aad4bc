"use client";
// The account's share links (GET and DELETE /api/shares): the list the Account page shows, and
// revoking one, which the list shows at once.
import { useTranslations } from "next-intl";
import type { ShareView } from "@/lib/validation/shares";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";
import { useAccountCall, useAccountList } from "./use-account-call";

export const sharesKey = ["account", "shares"] as const;

export function useMyShares() {
  return useAccountList(sharesKey, "/api/shares", (answer: { shares: ShareView[] }) => answer.shares);
}

export function useRevokeShare() {
  return useAccountCall({
    t: useTranslations("MyShares"),
    call: (share: ShareView) => apiRequest<unknown>("DELETE", `/api/shares/${encodeURIComponent(share.id)}`),
    refresh: sharesKey,
    onSuccess: (_result, share, { t, queryClient }) => {
      // The list says so at once, before it is fetched again.
      const revokedAt = new Date().toISOString();
      queryClient.setQueryData<ShareView[]>(sharesKey, (shares) =>
        shares?.map((each) => (each.id === share.id ? { ...each, status: "revoked", revokedAt } : each)),
      );
      toast.success(t("revokedTitle"), { description: t("revokedBody") });
    },
  });
}
