"use client";
// Share links (POST /api/shares): making one for a result or a gallery image, and the shapes of the
// share calls' answers. The Account page's list and revoking are in components/account/use-my-shares.ts.
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api/client";

export const SHARE_EXPIRIES = ["1d", "7d", "30d", "never"] as const;
export type ShareExpiry = (typeof SHARE_EXPIRIES)[number];

/** What the owner chooses for a new link. */
export interface NewShare {
  fileId: string;
  caption?: string;
  showPrompt?: boolean;
  expiresIn: ShareExpiry;
  indexable?: boolean;
}

/** A link as made (201 of POST /api/shares). */
export interface CreatedShare {
  id: string;
  url: string;
  expiresAt: string | null;
  indexable: boolean;
  caption: string | null;
  prompt: string | null;
  views: number;
  createdAt: string;
  revokedAt: string | null;
}

export type ShareStatus = "active" | "expired" | "revoked" | "hidden";

/** One of the owner's links, as GET /api/shares lists it. */
export interface ShareView {
  id: string;
  url: string;
  thumbnailUrl: string;
  caption: string | null;
  views: number;
  expiresAt: string | null;
  revokedAt: string | null;
  status: ShareStatus;
  createdAt: string;
}

export function useCreateShare() {
  return useMutation({ mutationFn: (share: NewShare) => apiRequest<CreatedShare>("POST", "/api/shares", share) });
}
