// The credit reset call (spec §4): a guest's balance lives in the browser and is always 0, so the
// server answers with the signal that tells the page to zero it. A signed-in balance is the ledger's
// and is never reset by a call from the browser.
import type { User } from "@/lib/generated/prisma/client";
import { GUEST_RESET_MESSAGE } from "./constants";

export function creditResetMessage(user: User | null): string {
  return user ? "Your credits are kept on your account; nothing was reset." : GUEST_RESET_MESSAGE;
}
