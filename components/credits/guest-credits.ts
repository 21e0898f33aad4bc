"use client";
// Guests have no credits (spec §4). The page zeroes the stored `guestCredits` on every load, and once
// a browser session asks the server for the credit reset signal: when it comes, the stored value is
// zeroed, `guest-credits-reset` is announced with credits 0, and balance and history are refreshed.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiRequest } from "@/lib/api/client";
import { whenIdle } from "@/lib/browser/when-idle";
import { GUEST_RESET_MESSAGE } from "@/lib/credits/constants";
import { creditKeys } from "./credit-keys";

export const GUEST_CREDITS_KEY = "guestCredits";
export const GUEST_CREDITS_RESET_EVENT = "guest-credits-reset";
const RESET_DONE_KEY = "pictura.guestCreditsResetSent";

function storeZero(): void {
  try {
    localStorage.setItem(GUEST_CREDITS_KEY, "0");
  } catch {
    // Storage unavailable: nothing stored, nothing to reset.
  }
}

/** Applies the reset call's answer; true when it was the guest reset signal. */
export function applyCreditReset(message: string): boolean {
  if (message !== GUEST_RESET_MESSAGE) return false;
  storeZero();
  window.dispatchEvent(new CustomEvent(GUEST_CREDITS_RESET_EVENT, { detail: { credits: 0 } }));
  return true;
}

export function useResetGuestCredits(isGuest: boolean): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      // Neither the write nor the request is needed for the first frames: they wait for an idle moment.
      whenIdle(() => {
        storeZero();
        if (!isGuest) return;
        try {
          if (sessionStorage.getItem(RESET_DONE_KEY)) return;
          sessionStorage.setItem(RESET_DONE_KEY, "1");
        } catch {
          return;
        }
        apiRequest<{ message: string }>("POST", "/api/credits/reset")
          .then(({ message }) => {
            applyCreditReset(message);
            return Promise.all([
              queryClient.invalidateQueries({ queryKey: creditKeys.balance }),
              queryClient.invalidateQueries({ queryKey: creditKeys.transactions }),
            ]);
          })
          .catch((error: unknown) => {
            console.error("Credit reset failed", error);
          });
      }),
    [isGuest, queryClient],
  );
}
