"use client";
// The gallery's data: saved images, storage room, and the save and delete calls.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCurrentUser } from "@/components/auth/use-auth";
import { apiRequest } from "@/lib/api/client";
import type { SavedImageTool, SavedImageView, SaveImageInput, StorageInfo } from "@/lib/validation/gallery";

export const galleryKeys = {
  all: ["gallery"] as const,
  images: (userId: string) => ["gallery", "images", userId] as const,
  storage: (userId: string) => ["gallery", "storage", userId] as const,
};

export function useSavedImages() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: galleryKeys.images(user?.id ?? ""),
    queryFn: () => apiRequest<SavedImageView[]>("GET", "/api/saved-images"),
    enabled: Boolean(user) && (user?.tier === "essential" || user?.tier === "pro"),
  });
}

/** Storage room; the Save dialog reads it only while it is open (spec §7). */
export function useStorageInfo(enabled = true) {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: galleryKeys.storage(user?.id ?? ""),
    queryFn: () => apiRequest<StorageInfo>("GET", "/api/saved-images/storage-info"),
    enabled: enabled && Boolean(user),
    staleTime: 0,
  });
}

export function useSaveImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveImageInput) => apiRequest<{ deletedOldest: boolean; image: SavedImageView }>("POST", "/api/saved-images", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

export function useDeleteSavedImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ deleted: boolean }>("DELETE", `/api/saved-images/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleryKeys.all }),
  });
}

/** The default filename of a save: the tool and a timestamp, e.g. "text-to-image-2026-11-23-14-05-09". */
export function defaultFilename(tool: SavedImageTool, now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  const stamp = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
  return `${tool.replace(/_/g, "-")}-${stamp}`;
}
