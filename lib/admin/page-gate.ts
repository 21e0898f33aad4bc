// Who may see the console's pages, decided on the server before anything renders: an admin whose
// session passed a second factor. Everyone else, guests included, gets the site's 404, so the console
// is not even known to exist; an admin signed in with a password alone is sent to the Account page's
// two-step card. The same checks as the admin API (lib/http/route.ts), read from the same session code.
import "server-only";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getCurrentSession } from "@/lib/auth/current-user";
import { sessionPassedSecondFactor } from "@/lib/auth/sessions";
import { redirect } from "@/lib/i18n/navigation";

/** The Account page's two-step sign-in card (components/account/two-factor-card.tsx). */
export const TWO_FACTOR_CARD_PATH = "/account#two-factor";

export async function assertConsoleAccess(locale: string): Promise<void> {
  const session = await getCurrentSession();
  if (!session || session.user.role !== "admin") notFound();
  if (!(await sessionPassedSecondFactor(session.sessionId))) redirect({ href: TWO_FACTOR_CARD_PATH, locale });
}

/** No console page is indexed or followed. */
export const CONSOLE_ROBOTS: Metadata["robots"] = { index: false, follow: false };
