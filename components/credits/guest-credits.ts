"use client";
// Guests have no credits: the page resets the stored `guestCredits` to 0 on every load (spec §4).
import { useEffect } from "react";

export const GUEST_CREDITS_KEY = "guestCredits";
export const GUEST_CREDITS_RESET_EVENT = "guest-credits-reset";

export function useResetGuestCredits(): void {
  useEffect(() => {
    try {
      localStorage.setItem(GUEST_CREDITS_KEY, "0");
    } catch {
      // Storage unavailable: nothing to reset.
    }
  }, []);
}
