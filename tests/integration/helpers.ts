// Builds requests for route handlers the way a browser on our own site would send them.
import { randomUUID } from "node:crypto";

export const ORIGIN = "http://localhost:3000";

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export function uniqueIp(): string {
  const bytes = randomUUID()
    .replace(/-/g, "")
    .slice(0, 6)
    .match(/.{2}/g)!
    .map((hex) => parseInt(hex, 16));
  return `10.${bytes[0]}.${bytes[1]}.${bytes[2]}`;
}

interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  cookie?: string;
  origin?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export function apiRequest(method: string, path: string, options: RequestOptions = {}): Request {
  const headers = new Headers({ host: "localhost:3000", ...options.headers });
  if (options.origin !== null && method !== "GET") headers.set("origin", options.origin ?? ORIGIN);
  if (options.cookie) headers.set("cookie", options.cookie);
  // server.ts puts the one trusted client address here; each request is its own address unless told.
  headers.set("x-forwarded-for", options.ip ?? uniqueIp());
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  return new Request(`${ORIGIN}${path}`, { method, headers, body });
}

/** The `name=value` pair of the session cookie a response sets, for the next request. */
export function sessionCookieFrom(response: Response): string {
  const setCookie = response.headers.getSetCookie().find((line) => line.includes("session-token="));
  if (!setCookie) throw new Error("The response set no session cookie");
  return setCookie.split(";")[0]!;
}

/**
 * A trial user (60 credits, as sign-up makes them), optionally moved to another tier or balance
 * through the ledger, and the cookie that signs them in.
 */
export async function signedInUser(options: { tier?: "trial" | "free" | "essential" | "pro"; credits?: number } = {}) {
  const { createUserWithTrial } = await import("@/lib/auth/users");
  const { db } = await import("@/lib/db");
  const created = await createUserWithTrial({ email: uniqueEmail("credits"), firstName: "Grace", lastName: "Hopper" });
  if (options.credits !== undefined && options.credits !== created.credits) {
    const delta = options.credits - created.credits;
    await db.$transaction([
      db.user.update({ where: { id: created.id }, data: { credits: options.credits } }),
      db.creditTransaction.create({
        data: {
          userId: created.id,
          kind: delta > 0 ? "grant" : "spend",
          operation: "test_setup",
          delta,
          balanceAfter: options.credits,
          idempotencyKey: `setup:${created.id}`,
        },
      }),
    ]);
  }
  if (options.tier) await db.user.update({ where: { id: created.id }, data: { tier: options.tier } });
  const user = await db.user.findUniqueOrThrow({ where: { id: created.id } });
  return { user, cookie: await sessionCookieFor(user) };
}

/** A new signed-in session of the user (as if another browser signed in), and its cookie. */
export async function sessionCookieFor(user: { id: string; email: string }): Promise<string> {
  const { createSessionCookie } = await import("@/lib/auth/session");
  const { startSession } = await import("@/lib/auth/sessions");
  const sessionId = await startSession(user.id, "password", { device: null, country: null });
  const session = await createSessionCookie({ id: user.id, email: user.email, name: "Grace Hopper" }, sessionId);
  return `${session.name}=${session.value}`;
}
