// The console's calls as an admin's browser makes them: an admin whose sign-in passed a second factor,
// and requests to the admin routes with a reason and, where asked, an Idempotency-Key.
import { db } from "@/lib/db";
import { apiRequest, signedInUser } from "./helpers";

export const REASON = "Support ticket 4711, checked by the on-call operator";

/** An admin signed in, with (unless told otherwise) a session that passed a second factor, and its cookie. */
export async function adminSession(options: { secondFactor?: boolean } = {}) {
  const { user, cookie } = await signedInUser();
  await db.user.update({ where: { id: user.id }, data: { role: "admin" } });
  if (options.secondFactor !== false) await db.authSession.updateMany({ where: { userId: user.id }, data: { secondFactorAt: new Date() } });
  return { user: await db.user.findUniqueOrThrow({ where: { id: user.id } }), cookie };
}

type Handler<P> = (request: Request, segment: { params: Promise<P> }) => Promise<Response>;

/** Calls a route handler as the admin's browser: JSON body, our own Origin, an Idempotency-Key when given. */
export async function callAdmin<P extends Record<string, string>>(
  handler: Handler<P>,
  method: string,
  path: string,
  params: P,
  options: { cookie: string; body?: unknown; idempotencyKey?: string },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = options.idempotencyKey ? { "idempotency-key": options.idempotencyKey } : {};
  const response = await handler(apiRequest(method, path, { cookie: options.cookie, body: options.body, headers }), { params: Promise.resolve(params) });
  return { status: response.status, body: await response.json() };
}

/** The audit rows about an account, oldest first, as [action, actorType, actorId, reason]. */
export async function auditTrail(userId: string) {
  const rows = await db.auditLog.findMany({ where: { targetType: "user", targetId: userId }, orderBy: { id: "asc" } });
  return rows.map((row) => [row.action, row.actorType, row.actorId, row.reason]);
}

/** Sets the clock to `now` for Date alone: the database client's timers and Node's queues keep running. */
export function fakeDateOnly(now: Date): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      "hrtime",
      "nextTick",
      "performance",
      "queueMicrotask",
      "setImmediate",
      "clearImmediate",
      "setInterval",
      "clearInterval",
      "setTimeout",
      "clearTimeout",
    ],
  });
}
