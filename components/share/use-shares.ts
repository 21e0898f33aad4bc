"use client";
// Making a share link (POST /api/shares) for a result or a gallery image. The Account page's list and
// revoking are in components/account/use-my-shares.ts; the shapes are the calls' own schemas.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";
import type { CreateShareInput, ShareView } from "@/lib/validation/shares";

/** What the owner chooses for a new link, as sent (the server fills in what is left out). */
export type NewShare = Pick<CreateShareInput, "fileId" | "expiresIn"> & Partial<Pick<CreateShareInput, "caption" | "showPrompt" | "indexable">>;

export function useCreateShare() {
  return useMutation({ mutationFn: (share: NewShare) => apiRequest<ShareView>("POST", "/api/shares", share) });
}
