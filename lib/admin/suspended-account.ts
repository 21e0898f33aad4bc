// What a suspended account is told, wherever it tries to come in (password, Google or Apple, a session,
// the second step, an API key): that it is suspended, why in plain words, and whom to write to. Kept
// apart from lib/admin/suspension.ts so the sign-in paths do not load the queue and the audit trail.
import "server-only";
import { ForbiddenError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import messages from "@/messages/en.json";
import { SUSPENSION_CATEGORIES, type SuspensionCategory } from "./console-values";

export { SUSPENSION_CATEGORIES, type SuspensionCategory };

/** How each category reads in the refusal (the sign-in page says the same in each language: Auth.suspension*). */
const CATEGORY_WORDS: Record<SuspensionCategory, string> = {
  abuse: "abuse",
  fraud: "suspected fraud",
  spam: "spam",
  chargeback: "a disputed payment",
  other: "a breach of our terms",
};

/** The Contact page's address, so the refusal and the page never disagree. */
export const SUPPORT_ADDRESS = messages.Legal.contactEmail;

export function isSuspensionCategory(value: unknown): value is SuspensionCategory {
  return typeof value === "string" && (SUSPENSION_CATEGORIES as readonly string[]).includes(value);
}

/** A stored category as one of the list; anything else reads as "other". */
export function suspensionCategoryOf(user: Pick<User, "suspensionCategory">): SuspensionCategory {
  return isSuspensionCategory(user.suspensionCategory) ? user.suspensionCategory : "other";
}

export function accountSuspendedError(user: Pick<User, "suspensionCategory">): ForbiddenError {
  return new ForbiddenError(
    `This account is suspended (${CATEGORY_WORDS[suspensionCategoryOf(user)]}). If you think this is a mistake, write to ${SUPPORT_ADDRESS} or use the contact page.`,
    "account_suspended",
  );
}

/** Throws the 403 `account_suspended` for a suspended account. */
export function assertNotSuspended(user: Pick<User, "suspendedAt" | "suspensionCategory">): void {
  if (user.suspendedAt) throw accountSuspendedError(user);
}
