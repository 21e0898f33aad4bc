// How many images each plan keeps (spec §6, §9): free and trial none, Essential 25, Pro 100.
import type { Tier } from "@/lib/validation/credits";

export const STORAGE_LIMITS: Record<Tier, number> = { trial: 0, free: 0, essential: 25, pro: 100 };

export function storageLimit(tier: Tier): number {
  return STORAGE_LIMITS[tier];
}
