// What /preview/outbox shows the browser asking, from its cookies. Anyone can be signed in to a
// preview (the reviewer accounts are shared, and open to all where no PREVIEW_PASSWORD is set), so
// being signed in shows only the mail addressed to that account: another account's reset link would
// hand that account over. Every account's mail is for the team, who prove they know
// PREVIEW_PASSWORD with the gate's own cookie; with no password set there is no such view.
import "server-only";
import { cookies } from "next/headers";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { OutboxMail } from "@/lib/generated/prisma/client";
import { previewAccessCookieName, provesPreviewPassword } from "./access";
import { listOutboxOf, listWholeOutbox } from "./outbox";

export type OutboxView =
  | { scope: "sign-in" }
  /** The signed-in account's own mail; `canViewAll` when this browser may switch to every account's. */
  | { scope: "own"; address: string; mails: OutboxMail[]; canViewAll: boolean }
  /** Every account's mail, for the team; `signedIn` when it can switch back to its own. */
  | { scope: "all"; mails: OutboxMail[]; signedIn: boolean };

/** `all`: the page's ?all=1, honoured for the team only. The team needs no account to read it. */
export async function outboxPageView({ all }: { all: boolean }): Promise<OutboxView> {
  const [store, user] = await Promise.all([cookies(), getCurrentUser()]);
  const team = provesPreviewPassword(store.get(previewAccessCookieName())?.value);
  if (team && (all || !user)) return { scope: "all", mails: await listWholeOutbox(), signedIn: user !== null };
  if (!user) return { scope: "sign-in" };
  return { scope: "own", address: user.email, mails: await listOutboxOf(user), canViewAll: team };
}
