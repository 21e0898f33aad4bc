/**
 * @jest-environment node
 */
// Who reads a preview's outbox. Anyone can be signed in to a preview (the shared reviewer accounts),
// so an account sees only the mail addressed to itself: a reset link mailed to someone else would
// hand over their account. Every account's mail is for the team, who prove they know
// PREVIEW_PASSWORD (the gate's cookie); without a PREVIEW_PASSWORD there is no such view at all.
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { POST as unlockPreview } from "@/app/api/preview/access/route";
import { POST as reviewerSignIn } from "@/app/api/preview/reviewer/route";
import { db } from "@/lib/db";
import type { OutboxMail } from "@/lib/generated/prisma/client";
import { previewAccessCookieName, previewAccessToken } from "@/lib/preview/access";
import { outboxPageView, type OutboxView } from "@/lib/preview/outbox-view";
import { reviewerEmail } from "@/lib/preview/reviewers";
import { apiRequest, sessionCookieFrom, uniqueEmail } from "./helpers";
import { restoreEnvAfterEach, setEnv } from "./preview-env";

/** The Cookie header of the browser that opens /preview/outbox, read by the page through next/headers. */
let mockBrowserCookies = "";

jest.mock("next/headers", () => ({
  cookies: async () => {
    const jar = new Map(
      mockBrowserCookies
        .split(";")
        .map((pair) => pair.trim())
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
    );
    return { get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined) };
  },
}));

restoreEnvAfterEach();

const PASSWORD = "victim-password-1";

/** What /preview/outbox shows a browser holding these cookies (`all`: the page's ?all=1). */
async function outboxSeenWith(cookies: string[], all = false): Promise<OutboxView> {
  mockBrowserCookies = cookies.join("; ");
  return outboxPageView({ all });
}

const mailsOf = (view: OutboxView): OutboxMail[] => (view.scope === "sign-in" ? [] : view.mails);
const recipientsOf = (view: OutboxView) => new Set(mailsOf(view).map((mail) => mail.to.toLowerCase()));
const resetTokensIn = (mails: OutboxMail[]) => mails.flatMap((mail) => [...mail.text.matchAll(/\/auth\/reset\?token=([\w-]+)/g)].map((match) => match[1]!));

async function signUp(email: string, cookie?: string): Promise<string> {
  const response = await register(
    apiRequest("POST", "/api/auth/register", { body: { email, password: PASSWORD, firstName: "Vera", lastName: "Victim" }, cookie }),
  );
  expect(response.status).toBe(201);
  return sessionCookieFrom(response);
}

async function askForReset(email: string, cookie?: string): Promise<void> {
  expect((await forgotPassword(apiRequest("POST", "/api/auth/forgot-password", { body: { email }, cookie }))).status).toBe(200);
}

async function signInAsReviewer(cookie?: string): Promise<string> {
  const response = await reviewerSignIn(apiRequest("POST", "/api/preview/reviewer", { body: { plan: "trial" }, cookie }));
  expect(response.status).toBe(200);
  return sessionCookieFrom(response);
}

/** The newest stored mail to `email` with this subject, once the background send has stored it. */
async function storedMail(email: string, subject: RegExp): Promise<OutboxMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = await db.outboxMail.findMany({ where: { to: email }, orderBy: { createdAt: "desc" } });
    const found = mails.find((mail) => subject.test(mail.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail "${subject}" to ${email} reached the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const loginStatus = async (email: string, password: string, cookie?: string) =>
  (await login(apiRequest("POST", "/api/auth/login", { body: { email, password }, cookie }))).status;

/** The gate's cookie, as POST /api/preview/access sets it for the right password. */
async function unlock(password: string): Promise<string> {
  const response = await unlockPreview(
    apiRequest("POST", "/api/preview/access", {
      rawBody: new URLSearchParams({ password, next: "/preview/outbox" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  );
  expect(response.status).toBe(303);
  const line = response.headers.getSetCookie().find((set) => set.startsWith(`${previewAccessCookieName()}=`));
  if (!line) throw new Error("The right password set no access cookie");
  return line.split(";")[0]!;
}

describe("a preview without PREVIEW_PASSWORD", () => {
  beforeEach(() => setEnv({ APP_ENV: "preview" }));

  it("no longer lets a reviewer read another account's reset link and take the account over", async () => {
    const victim = uniqueEmail("victim");
    await signUp(victim);
    // 1. The attacker asks for a reset of the victim's account.
    await askForReset(victim);
    const resetMail = await storedMail(victim, /Reset your Pictura password/);
    // 2. The attacker signs in as a reviewer, which anyone can.
    const attacker = await signInAsReviewer();
    // 3. The outbox shows the attacker the mail of the account they are in, and nothing else, even
    // when the all-mail view is asked for.
    const seen = [await outboxSeenWith([attacker]), await outboxSeenWith([attacker], true)];
    for (const view of seen) {
      expect(mailsOf(view).map((mail) => mail.id)).not.toContain(resetMail.id);
      expect([...recipientsOf(view)].every((to) => to === reviewerEmail("trial"))).toBe(true);
      expect(view.scope).toBe("own");
    }
    // 4. No reset link the attacker can see opens the victim's account.
    for (const token of resetTokensIn(seen.flatMap(mailsOf))) {
      const reset = await resetPassword(apiRequest("POST", "/api/auth/reset-password", { body: { token, password: "attacker-password-1" } }));
      if (reset.ok) expect((await reset.json()).email).not.toBe(victim);
    }
    expect(await loginStatus(victim, PASSWORD)).toBe(200);
    expect(await loginStatus(victim, "attacker-password-1")).toBe(401);
  });

  it("shows an account the mail addressed to itself, whatever the letter case, and its reset link works", async () => {
    const email = uniqueEmail("own-mail");
    // "_" is allowed in an address and is a wildcard in SQL patterns: this look-alike account, made
    // first, must not read the mail of the address it resembles.
    const lookalike = await signUp(email.replace("own-mail", "own-mai_"));
    const cookie = await signUp(email);
    const verification = await storedMail(email, /Confirm your e-mail address/);
    await askForReset(email);
    const reset = await storedMail(email, /Reset your Pictura password/);
    const shouted = await db.outboxMail.create({ data: { to: email.toUpperCase(), subject: "Shouted", text: "x", html: "x" } });
    // Mail to the address from before this account was made (a deleted account's) is not its own.
    const older = await db.outboxMail.create({ data: { to: email, subject: "Older", text: "x", html: "x", createdAt: new Date(Date.now() - 86_400_000) } });
    const other = await db.outboxMail.create({ data: { to: uniqueEmail("someone-else"), subject: "Not yours", text: "x", html: "x" } });

    const view = await outboxSeenWith([cookie]);
    expect(view).toMatchObject({ scope: "own", address: email });
    const ids = mailsOf(view).map((mail) => mail.id);
    expect(ids).toEqual(expect.arrayContaining([verification.id, reset.id, shouted.id]));
    expect(ids).not.toContain(older.id);
    expect(ids).not.toContain(other.id);
    expect([...recipientsOf(await outboxSeenWith([lookalike]))]).toEqual([email.replace("own-mail", "own-mai_")]);
    // Newest first, each with the time the page shows.
    expect(mailsOf(view).every((mail) => mail.createdAt instanceof Date)).toBe(true);
    expect(ids.indexOf(reset.id)).toBeLessThan(ids.indexOf(verification.id));

    const [token] = resetTokensIn([reset]);
    const answer = await resetPassword(apiRequest("POST", "/api/auth/reset-password", { body: { token, password: "a-new-password-1" } }));
    expect(answer.status).toBe(200);
    expect((await answer.json()).email).toBe(email);
    expect(await loginStatus(email, "a-new-password-1")).toBe(200);
  });

  it("has no all-mail view for anyone, and sends a visitor who is not signed in to sign in", async () => {
    const other = await db.outboxMail.create({ data: { to: uniqueEmail("someone-else"), subject: "Not yours", text: "x", html: "x" } });
    const reviewer = await signInAsReviewer();
    // A gate cookie made up for any password proves nothing where none is set.
    const madeUp = `${previewAccessCookieName()}=${previewAccessToken("")}`;
    for (const cookies of [[reviewer, madeUp], [reviewer]]) {
      const view = await outboxSeenWith(cookies, true);
      expect(view.scope).toBe("own");
      expect(mailsOf(view).map((mail) => mail.id)).not.toContain(other.id);
    }
    expect(await outboxSeenWith([madeUp], true)).toEqual({ scope: "sign-in" });
    expect(await outboxSeenWith([], true)).toEqual({ scope: "sign-in" });
  });
});

describe("a preview with PREVIEW_PASSWORD", () => {
  beforeEach(() => setEnv({ APP_ENV: "preview", PREVIEW_PASSWORD: "team-only-password" }));

  it("shows every account's mail to the team, who hold the password's cookie, and to nobody else", async () => {
    const team = await unlock("team-only-password");
    const victim = uniqueEmail("victim");
    await signUp(victim, team);
    await askForReset(victim, team);
    const resetMail = await storedMail(victim, /Reset your Pictura password/);

    // The team, signed in or not, asks for every account's mail and gets it.
    const reviewer = await signInAsReviewer(team);
    for (const cookies of [[team], [team, reviewer]]) {
      const view = await outboxSeenWith(cookies, true);
      expect(view.scope).toBe("all");
      expect(mailsOf(view).map((mail) => mail.id)).toContain(resetMail.id);
    }
    // Signed in, the team sees its own account's mail until it asks for all, and is offered that view.
    expect(await outboxSeenWith([team, reviewer])).toMatchObject({ scope: "own", address: reviewerEmail("trial"), canViewAll: true });

    // A reviewer account is not the team: without the password's cookie, or with a forged or stale
    // one (another password's), it sees only its own mail.
    const forged = [`${previewAccessCookieName()}=forged`, `${previewAccessCookieName()}=${previewAccessToken("an-old-password")}`];
    for (const cookies of [[reviewer], ...forged.map((cookie) => [reviewer, cookie])]) {
      const view = await outboxSeenWith(cookies, true);
      expect(view).toMatchObject({ scope: "own", canViewAll: false });
      expect(mailsOf(view).map((mail) => mail.id)).not.toContain(resetMail.id);
    }
    expect(await outboxSeenWith(forged.slice(0, 1), true)).toEqual({ scope: "sign-in" });
  });
});
