// Server-side sessions: every sign-in is a row the cookie names; ending the row ends the cookie.
import { DELETE as endOne } from "@/app/api/auth/sessions/[id]/route";
import { DELETE as endOthers, GET as listSessions } from "@/app/api/auth/sessions/route";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resendVerification } from "@/app/api/auth/verify-email/resend/route";
import { GET as balance } from "@/app/api/credits/balance/route";
import { findSessionUser, SESSION_TOUCH_INTERVAL_MS } from "@/lib/auth/sessions";
import { createSessionCookie } from "@/lib/auth/session";
import { db, sqlPool } from "@/lib/db";
import { TRUSTED_FORWARDING } from "@/lib/http/forwarding";
import { apiRequest, sessionCookieFrom, uniqueEmail } from "./helpers";
import { setSettings } from "../setup/settings";

const CHROME_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function account() {
  const email = uniqueEmail("sessions");
  const response = await register(
    apiRequest("POST", "/api/auth/register", {
      body: { email, password: "a-password", firstName: "Grace", lastName: "Hopper" },
      headers: { "user-agent": CHROME_MAC },
    }),
  );
  const signIn = async (headers: Record<string, string> = {}) =>
    sessionCookieFrom(await login(apiRequest("POST", "/api/auth/login", { body: { email, password: "a-password" }, headers })));
  return { email, cookie: sessionCookieFrom(response), signIn };
}

const balanceStatus = async (cookie: string) => (await balance(apiRequest("GET", "/api/credits/balance", { cookie }))).status;
const sessionsOf = async (cookie: string) => (await (await listSessions(apiRequest("GET", "/api/auth/sessions", { cookie }))).json()).sessions;

describe("server-side sessions", () => {
  it("a copied cookie gets 401 at once after its browser signs out, even after a fresh sign-in", async () => {
    const { cookie, signIn } = await account();
    const copied = cookie;
    expect(await balanceStatus(copied)).toBe(200);
    const response = await logout(apiRequest("POST", "/api/auth/logout", { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/session-token=;/);
    expect(await balanceStatus(copied)).toBe(401);
    const fresh = await signIn();
    expect(await balanceStatus(fresh)).toBe(200);
    expect(await balanceStatus(copied)).toBe(401);
  });

  it("keeps answering while a migration adds a column to users", async () => {
    const { cookie } = await account();
    // The session lookup is a statement each database connection prepares once and then reuses.
    for (let call = 0; call < 3; call += 1) expect(await balanceStatus(cookie)).toBe(200);
    await db.$executeRawUnsafe('ALTER TABLE "users" ADD COLUMN "migrationProbe" text');
    try {
      for (let call = 0; call < 3; call += 1) expect(await balanceStatus(cookie)).toBe(200);
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE "users" DROP COLUMN "migrationProbe"');
    }
  });

  it("lists the sessions with device, method and the current one marked", async () => {
    const { cookie, signIn } = await account();
    await signIn({ "user-agent": FIREFOX_WINDOWS });
    const sessions = await sessionsOf(cookie);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session: { device: string; current: boolean; method: string }) => [session.device, session.current, session.method]).sort()).toEqual([
      ["Chrome on macOS", true, "password"],
      ["Firefox on Windows", false, "password"],
    ]);
    expect(Object.keys(sessions[0]).sort()).toEqual(["country", "createdAt", "current", "device", "id", "lastActiveAt", "method"]);
  });

  it("records the country only from a trusted proxy's header", async () => {
    const { signIn } = await account();
    const untrusted = await signIn({ "cf-ipcountry": "FR" });
    expect((await sessionsOf(untrusted)).find((session: { current: boolean }) => session.current).country).toBeNull();
    setSettings({ TRUSTED_PROXY_HOPS: "1" });
    const trusted = await signIn({ "cf-ipcountry": "fr" });
    expect((await sessionsOf(trusted)).find((session: { current: boolean }) => session.current).country).toBe("FR");
  });

  it("ends one session by its id, and only the owner's", async () => {
    const { cookie, signIn } = await account();
    const other = await signIn();
    const otherId = (await sessionsOf(other)).find((session: { current: boolean }) => session.current).id;
    const stranger = await account();
    const refused = await endOne(apiRequest("DELETE", `/api/auth/sessions/${otherId}`, { cookie: stranger.cookie }), {
      params: Promise.resolve({ id: otherId }),
    });
    expect(refused.status).toBe(404);
    expect(await balanceStatus(other)).toBe(200);

    const ended = await endOne(apiRequest("DELETE", `/api/auth/sessions/${otherId}`, { cookie }), { params: Promise.resolve({ id: otherId }) });
    expect(ended.status).toBe(200);
    expect(await balanceStatus(other)).toBe(401);
    expect(await balanceStatus(cookie)).toBe(200);
  });

  it("ends every session but the current one", async () => {
    const { cookie, signIn } = await account();
    const others = [await signIn(), await signIn()];
    const response = await endOthers(apiRequest("DELETE", "/api/auth/sessions", { cookie }));
    expect(await response.json()).toEqual({ ended: 2 });
    for (const other of others) expect(await balanceStatus(other)).toBe(401);
    expect(await balanceStatus(cookie)).toBe(200);
    expect(await sessionsOf(cookie)).toHaveLength(1);
  });

  it("refuses a validly signed cookie whose session row never existed or has expired", async () => {
    const { email, cookie } = await account();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const forged = await createSessionCookie({ id: user.id, email, name: "Grace Hopper" }, "no-such-session");
    expect(await balanceStatus(`${forged.name}=${forged.value}`)).toBe(401);
    await db.authSession.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await balanceStatus(cookie)).toBe(401);
  });

  it("writes last activity at most every few minutes", async () => {
    const { email, cookie } = await account();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const past = new Date(Date.now() - SESSION_TOUCH_INTERVAL_MS - 60_000);
    await db.authSession.updateMany({ where: { userId: user.id }, data: { lastActiveAt: past } });
    expect(await balanceStatus(cookie)).toBe(200);
    const touched = await db.authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(touched.lastActiveAt.getTime()).toBeGreaterThan(past.getTime() + 60_000);
    expect(await balanceStatus(cookie)).toBe(200);
    const again = await db.authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(again.lastActiveAt).toEqual(touched.lastActiveAt);
  });

  it("reads the same user row as Prisma does, dates included", async () => {
    const { email } = await account();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    const session = await db.authSession.findFirstOrThrow({ where: { userId: user.id } });
    expect(await findSessionUser(session.id, user.id)).toEqual(user);
    expect(await findSessionUser(session.id, "someone-else")).toBeNull();
  });

  it("answers calls that arrive together each with their own session, in one statement", async () => {
    const [first, second, ended] = await Promise.all([account(), account(), account()]);
    const userOf = (email: string) => db.user.findUniqueOrThrow({ where: { email } });
    const [firstUser, secondUser, endedUser] = await Promise.all([userOf(first.email), userOf(second.email), userOf(ended.email)]);
    const sessionOf = (userId: string) => db.authSession.findFirstOrThrow({ where: { userId } });
    const [firstSession, secondSession, endedSession] = await Promise.all([sessionOf(firstUser.id), sessionOf(secondUser.id), sessionOf(endedUser.id)]);
    await db.authSession.update({ where: { id: endedSession.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const pool = sqlPool()!;
    const query = jest.spyOn(pool, "query");
    try {
      const found = await Promise.all([
        findSessionUser(firstSession.id, firstUser.id),
        findSessionUser(secondSession.id, secondUser.id),
        findSessionUser(firstSession.id, firstUser.id),
        findSessionUser(endedSession.id, endedUser.id),
        // Someone else's session, named with the wrong user.
        findSessionUser(secondSession.id, firstUser.id),
      ]);
      expect(found).toEqual([firstUser, secondUser, firstUser, null, null]);
      expect(found[0]).not.toBe(found[2]);
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }
  });

  it("deletes a user's sessions with the user", async () => {
    const { email } = await account();
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await db.user.delete({ where: { id: user.id } });
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("without a mail server in production", () => {
  const trusted = globalThis as Record<symbol, unknown>;
  beforeAll(() => {
    setSettings({ NODE_ENV: "production", APP_URL: "http://localhost:3000" });
    // As server.ts marks the process that took client addresses from its sockets.
    trusted[TRUSTED_FORWARDING] = true;
  });
  afterAll(() => {
    delete trusted[TRUSTED_FORWARDING];
    setSettings({ NODE_ENV: process.env.NODE_ENV, APP_URL: process.env.APP_URL });
  });

  it("says that password reset is unavailable, with a clear code", async () => {
    const response = await forgotPassword(apiRequest("POST", "/api/auth/forgot-password", { body: { email: uniqueEmail("prod") } }));
    expect(response.status).toBe(503);
    expect((await response.json()).error).toBe("mail_unavailable");
  });

  it("still signs people up, and says that the verification link cannot be sent", async () => {
    const response = await register(
      apiRequest("POST", "/api/auth/register", { body: { email: uniqueEmail("prod"), password: "a-password", firstName: "P", lastName: "Q" } }),
    );
    expect(response.status).toBe(201);
    const resend = await resendVerification(apiRequest("POST", "/api/auth/verify-email/resend", { cookie: sessionCookieFrom(response) }));
    expect(resend.status).toBe(503);
    expect((await resend.json()).error).toBe("mail_unavailable");
  });
});
