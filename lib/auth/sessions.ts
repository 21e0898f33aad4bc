// Server-side sessions: one row per sign-in, named by the session cookie. A request is signed in
// only while its row exists and has not expired, so signing out, a password change or "end this
// session" stops a copied cookie at once. The check is one query joining the session to its user.
import "server-only";
import { randomBytes } from "node:crypto";
import { types as pgTypes } from "pg";
import { db, sqlPool } from "@/lib/db";
import { env } from "@/lib/env";
import { Prisma, type User } from "@/lib/generated/prisma/client";
import { countryFromHeaders, deviceFromUserAgent } from "./device";
import { guestKeyHashOf, guestKeyIn } from "./guest-key";
import { claimGuestWork } from "./guest-work";
import { SESSION_MAX_AGE_SECONDS } from "./session";

export type SignInMethod = "password" | "google" | "apple" | "reset" | "reviewer";

/** Where a sign-in comes from, as a person would recognise it in their list of sessions, and the guest work its browser holds. */
export interface SignInContext {
  device: string | null;
  country: string | null;
  /** The hash of the browser's guest key (lib/auth/guest-key.ts), when it holds a valid one: the sign-in takes its work along. */
  guestKeyHash?: string | null;
}

/** Last activity is written at most this often per session, so reads stay reads. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function signInContext(headers: Headers): SignInContext {
  return {
    device: deviceFromUserAgent(headers.get("user-agent")),
    // Country headers are set by a CDN in front of the app; without a trusted proxy anyone could write them.
    country: env().TRUSTED_PROXY_HOPS > 0 ? countryFromHeaders(headers) : null,
    guestKeyHash: guestKeyHashIn(headers),
  };
}

function guestKeyHashIn(headers: Headers): string | null {
  const key = guestKeyIn(headers);
  return key === null ? null : guestKeyHashOf(key);
}

type Client = Prisma.TransactionClient | typeof db;

/**
 * Starts a session row; `secondFactorAt` when the sign-in passed a second factor
 * (lib/auth/two-factor-challenge.ts). The account takes the guest work of the browser it signs in on.
 */
export async function startSession(
  userId: string,
  method: SignInMethod,
  context: SignInContext,
  client: Client = db,
  secondFactorAt: Date | null = null,
): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  await client.authSession.deleteMany({ where: { userId, expiresAt: { lte: new Date() } } });
  await client.authSession.create({
    data: {
      id,
      userId,
      method,
      device: context.device,
      country: context.country,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
      secondFactorAt,
    },
  });
  await claimGuestWork(userId, context.guestKeyHash ?? null, client);
  return id;
}

/** Whether a live session's sign-in passed a second factor (the console asks it of every admin call). */
export async function sessionPassedSecondFactor(sessionId: string): Promise<boolean> {
  const session = await db.authSession.findUnique({ where: { id: sessionId }, select: { secondFactorAt: true } });
  return Boolean(session?.secondFactorAt);
}

/** Marks a session as having passed a second factor (it gave a code when two-step sign-in was turned on). */
export async function markSecondFactorPassed(sessionId: string): Promise<void> {
  await db.authSession.updateMany({ where: { id: sessionId, secondFactorAt: null }, data: { secondFactorAt: new Date() } });
}

// Every API call runs this, so it is one statement by primary keys sent straight to node-postgres:
// Prisma spent about 350 µs of CPU per lookup here, this about 100 µs for both rows together. It is a
// named statement, parsed and planned once per connection; its columns are the user's fields as this
// build's client knows them (not `u.*`), so a migration that adds a column changes nothing it returns.
// The lookups of the calls that arrive together (read in one turn of the event loop) go as one
// statement: each round trip costs a system call and a wake-up of the database on both sides, more
// than the rows themselves, and a busy server answers many calls at once. Alone, a call's lookup
// waits for nothing but the end of that turn.
const USER_COLUMNS = Object.values(Prisma.UserScalarFieldEnum)
  .map((column) => `u."${column}"`)
  .join(", ");
const SESSION_USERS_SQL = `
  SELECT ${USER_COLUMNS}, s."id" AS "sessionId", s."lastActiveAt" AS "sessionLastActiveAt"
  FROM unnest($1::text[], $2::text[]) AS wanted("sessionId", "userId")
  JOIN "auth_sessions" s ON s."id" = wanted."sessionId" AND s."userId" = wanted."userId"
  JOIN "users" u ON u."id" = s."userId"
  WHERE s."expiresAt" > now() AND u."deletedAt" IS NULL AND u."suspendedAt" IS NULL`;

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;
/** Prisma keeps DateTime columns as timestamps without time zone, in UTC. */
const rowTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === TIMESTAMP_WITHOUT_TIME_ZONE
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pgTypes.getTypeParser(oid, format)) as typeof pgTypes.getTypeParser,
};

type SessionUserRow = User & { sessionLastActiveAt: Date };

/** The lookups asked for in this turn of the event loop, by session and user, each with its callers. */
interface Waiting {
  sessionId: string;
  userId: string;
  callers: Array<{ resolve: (row: SessionUserRow | null) => void; reject: (error: unknown) => void }>;
}
let batch: Map<string, Waiting> | null = null;

const pairKey = (sessionId: string, userId: string) => `${sessionId}\n${userId}`;

/** At most this many sessions in one statement; a larger turn sends several. */
const MOST_PER_STATEMENT = 100;

async function lookUpTogether(waiting: Waiting[]): Promise<void> {
  const pool = sqlPool();
  try {
    let rows: Array<SessionUserRow & { sessionId: string }>;
    if (pool) {
      const values = [waiting.map((entry) => entry.sessionId), waiting.map((entry) => entry.userId)];
      rows = (await pool.query<SessionUserRow & { sessionId: string }>({ name: "session-users", text: SESSION_USERS_SQL, values, types: rowTypes })).rows;
    } else {
      // The client has been disconnected (a script or test finishing): Prisma reconnects on its own.
      rows = (await Promise.all(waiting.map((entry) => sessionUserByPrisma(entry.sessionId, entry.userId)))).flatMap((row, index) =>
        row ? [{ ...row, sessionId: waiting[index]!.sessionId }] : [],
      );
    }
    const found = new Map(rows.map(({ sessionId, ...row }) => [pairKey(sessionId, row.id), row]));
    for (const entry of waiting) {
      const row = found.get(pairKey(entry.sessionId, entry.userId));
      for (const caller of entry.callers) caller.resolve(row ? { ...row } : null);
    }
  } catch (error) {
    for (const entry of waiting) for (const caller of entry.callers) caller.reject(error);
  }
}

function sendBatch(): void {
  const waiting = [...batch!.values()];
  batch = null;
  for (let start = 0; start < waiting.length; start += MOST_PER_STATEMENT) void lookUpTogether(waiting.slice(start, start + MOST_PER_STATEMENT));
}

function sessionUserRow(sessionId: string, userId: string): Promise<SessionUserRow | null> {
  return new Promise((resolve, reject) => {
    if (!batch) {
      batch = new Map();
      setImmediate(sendBatch);
    }
    const key = pairKey(sessionId, userId);
    let entry = batch.get(key);
    if (!entry) batch.set(key, (entry = { sessionId, userId, callers: [] }));
    entry.callers.push({ resolve, reject });
  });
}

async function sessionUserByPrisma(sessionId: string, userId: string): Promise<SessionUserRow | null> {
  const [session, user] = await Promise.all([
    db.authSession.findUnique({ where: { id: sessionId }, select: { userId: true, expiresAt: true, lastActiveAt: true } }),
    db.user.findUnique({ where: { id: userId } }),
  ]);
  if (!session || !user || user.deletedAt || user.suspendedAt || session.userId !== userId || session.expiresAt.getTime() <= Date.now()) return null;
  return { ...user, sessionLastActiveAt: session.lastActiveAt };
}

/** The user of a live session, or null. */
export async function findSessionUser(sessionId: string, userId: string): Promise<User | null> {
  const row = await sessionUserRow(sessionId, userId);
  if (!row) return null;
  const { sessionLastActiveAt, ...user } = row;
  if (Date.now() - sessionLastActiveAt.getTime() > SESSION_TOUCH_INTERVAL_MS) await touchSession(sessionId);
  return user;
}

async function touchSession(sessionId: string): Promise<void> {
  // Conditional, so concurrent requests of one session write at most once per interval.
  const threshold = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS);
  await db.authSession.updateMany({ where: { id: sessionId, lastActiveAt: { lt: threshold } }, data: { lastActiveAt: new Date() } });
}

export interface SessionSummary {
  id: string;
  method: string;
  device: string | null;
  country: string | null;
  createdAt: Date;
  lastActiveAt: Date;
  current: boolean;
}

export async function listSessions(userId: string, currentSessionId: string | null): Promise<SessionSummary[]> {
  const rows = await db.authSession.findMany({
    where: { userId, expiresAt: { gt: new Date() } },
    orderBy: { lastActiveAt: "desc" },
    select: { id: true, method: true, device: true, country: true, createdAt: true, lastActiveAt: true },
  });
  return rows.map((row) => ({ ...row, current: row.id === currentSessionId }));
}

/** Ends one of the user's sessions; false when they have no such session. */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const { count } = await db.authSession.deleteMany({ where: { id: sessionId, userId } });
  return count > 0;
}

/** Ends every session of the user but `keepSessionId` (every one when it is null); returns how many. */
export async function endOtherSessions(userId: string, keepSessionId: string | null, client: Client = db): Promise<number> {
  const { count } = await client.authSession.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } });
  return count;
}
