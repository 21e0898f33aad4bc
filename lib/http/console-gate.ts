// Who may reach the console (the admin API's `route()` calls and the queue view under /admin/queue):
// an admin whose session passed a second factor. Guests, users and API keys (an admin's own included)
// are told nothing: for them the address does not exist. Read from the session cookie, its live
// session row and user, and the session's second-factor mark.
import "server-only";
import { presentedApiKey } from "@/lib/api-keys/authenticate";
import { readSessionClaims, type SessionClaims } from "@/lib/auth/session";
import { findSessionUser, sessionPassedSecondFactor } from "@/lib/auth/sessions";
import type { User } from "@/lib/generated/prisma/client";

export type ConsoleAccess =
  | { kind: "admin"; user: User; session: SessionClaims }
  /** Not an admin's session (or an API key): answer as for an address that does not exist. */
  | { kind: "hidden" }
  /** An admin signed in without a second factor: send them to turn it on. */
  | { kind: "second_factor_required" };

export async function consoleAccessOf(request: Request): Promise<ConsoleAccess> {
  if (presentedApiKey(request.headers, false) !== null) return { kind: "hidden" };
  const session = await readSessionClaims(request.headers.get("cookie"));
  const user = session ? await findSessionUser(session.sessionId, session.userId) : null;
  if (!session || !user || user.role !== "admin") return { kind: "hidden" };
  if (!(await sessionPassedSecondFactor(session.sessionId))) return { kind: "second_factor_required" };
  return { kind: "admin", user, session };
}
