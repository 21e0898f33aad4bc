// Mail that goes through a real SMTP server: verifying an address, and resetting a forgotten password.
import { POST as changePassword } from "@/app/api/auth/change-password/route";
import { POST as forgotPassword } from "@/app/api/auth/forgot-password/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as resetPassword } from "@/app/api/auth/reset-password/route";
import { GET as balance } from "@/app/api/credits/balance/route";
import { POST as verifyEmail } from "@/app/api/auth/verify-email/route";
import { POST as resendVerification } from "@/app/api/auth/verify-email/resend/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { hashEmailToken } from "@/lib/auth/email-tokens";
import { db } from "@/lib/db";
import { linkIn } from "../fakes/mailbox";
import { apiRequest, sessionCookieFrom, uniqueEmail, uniqueIp } from "./helpers";
import { setSettings } from "../setup/settings";
import { usingSiteMailbox } from "./site-mailbox";

const mailbox = usingSiteMailbox();

async function signUp(options: { locale?: string; password?: string; acceptLanguage?: string } = {}) {
  const email = uniqueEmail("mail");
  const response = await register(
    apiRequest("POST", "/api/auth/register", {
      body: {
        email,
        password: options.password ?? "first-password",
        firstName: "Ada",
        lastName: "Lovelace",
        ...(options.locale ? { locale: options.locale } : {}),
      },
      headers: options.acceptLanguage ? { "accept-language": options.acceptLanguage } : {},
    }),
  );
  expect(response.status).toBe(201);
  // The verification mail comes first, so later waits see only the mails they cause.
  const verification = await mailbox().waitFor(email);
  return { email, cookie: sessionCookieFrom(response), user: await response.json(), verification };
}

const forgot = (email: string, ip = uniqueIp()) => forgotPassword(apiRequest("POST", "/api/auth/forgot-password", { body: { email }, ip }));
const reset = (token: string, password: string) => resetPassword(apiRequest("POST", "/api/auth/reset-password", { body: { token, password } }));
const balanceWith = (cookie: string) => balance(apiRequest("GET", "/api/credits/balance", { cookie }));

async function resetLinkFor(email: string): Promise<URL> {
  const since = mailbox().received.length;
  expect((await forgot(email)).status).toBe(200);
  return linkIn(await mailbox().waitFor(email, { since }), "/auth/reset");
}

describe("address verification", () => {
  it("sign-up mails a verification link, in plain text and HTML, and the link verifies the address", async () => {
    const { email, cookie, user, verification: mail } = await signUp();
    expect(user.emailVerified).toBe(false);
    expect(mail.parsed.from?.text).toContain("no-reply@pictura.test");
    expect(mail.parsed.subject).toBe("Confirm your e-mail address for Pictura");
    expect(mail.parsed.html).toContain("Confirm my address");
    const link = linkIn(mail, "/auth/verify");
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/auth/verify");
    // Only the token's hash is stored.
    const token = link.searchParams.get("token")!;
    expect(await db.emailToken.count({ where: { tokenHash: token } })).toBe(0);
    expect(await db.emailToken.count({ where: { tokenHash: hashEmailToken(token), purpose: "verify_email" } })).toBe(1);

    const verified = await verifyEmail(apiRequest("POST", "/api/auth/verify-email", { body: { token } }));
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ verified: true, email });
    const me = await (await currentUser(apiRequest("GET", "/api/auth/user", { cookie }))).json();
    expect(me.emailVerified).toBe(true);

    // A link works once.
    const again = await verifyEmail(apiRequest("POST", "/api/auth/verify-email", { body: { token } }));
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe("invalid_verification_link");
  });

  it("writes the mail in the account's language, with the link on the localized path", async () => {
    const { verification: mail } = await signUp({ locale: "de" });
    expect(mail.parsed.subject).toBe("Bestätige deine E-Mail-Adresse für Pictura");
    expect(mail.parsed.text).toContain("Hallo Ada,");
    expect(linkIn(mail, "/auth/verify").pathname).toBe("/de/auth/verify");

    const fromBrowser = await signUp({ acceptLanguage: "ja,en;q=0.5" });
    expect(fromBrowser.verification.parsed.subject).toBe("Pictura のメールアドレスを確認してください");
  });

  it("sends the link again from the account page, a few times an hour", async () => {
    const { email, cookie } = await signUp();
    const resend = () => resendVerification(apiRequest("POST", "/api/auth/verify-email/resend", { cookie }));
    const since = mailbox().received.length;
    expect((await resend()).status).toBe(200);
    const fresh = linkIn(await mailbox().waitFor(email, { since }), "/auth/verify");
    expect((await resend()).status).toBe(200);
    expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect((await limited.json()).error).toBe("verification_rate_limited");
    // A newer link replaces the older ones.
    const older = fresh.searchParams.get("token")!;
    expect((await verifyEmail(apiRequest("POST", "/api/auth/verify-email", { body: { token: older } }))).status).toBe(400);
  });

  describe("with REQUIRE_EMAIL_VERIFICATION=true", () => {
    beforeAll(() => {
      setSettings({ REQUIRE_EMAIL_VERIFICATION: "true" });
    });
    afterAll(() => {
      setSettings({ REQUIRE_EMAIL_VERIFICATION: undefined });
    });

    it("holds back the trial credits until the address is verified, then grants them once in the ledger", async () => {
      const { email, cookie, user, verification } = await signUp();
      expect(user.credits).toBe(0);
      expect(await (await balanceWith(cookie)).json()).toEqual({ credits: 0 });
      const token = linkIn(verification, "/auth/verify").searchParams.get("token")!;
      expect((await verifyEmail(apiRequest("POST", "/api/auth/verify-email", { body: { token } }))).status).toBe(200);
      expect(await (await balanceWith(cookie)).json()).toEqual({ credits: 60 });
      // A reset link also proves the address; it grants nothing a second time.
      const link = await resetLinkFor(email);
      expect((await reset(link.searchParams.get("token")!, "another-password")).status).toBe(200);
      const ledger = await db.creditTransaction.findMany({ where: { user: { email } } });
      expect(ledger.map((row) => [row.kind, row.delta, row.balanceAfter])).toEqual([["grant", 60, 60]]);
    });
  });
});

describe("password reset", () => {
  it("answers a known and an unknown address the same, and mails only the known one", async () => {
    const { email } = await signUp();
    const unknown = uniqueEmail("nobody");
    const since = mailbox().received.length;
    const [forUnknown, forKnown] = await Promise.all([forgot(unknown), forgot(email)]);
    expect(forUnknown.status).toBe(forKnown.status);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    expect([...forUnknown.headers.keys()].sort()).toEqual([...forKnown.headers.keys()].sort());
    const mail = await mailbox().waitFor(email, { since });
    expect(mail.parsed.subject).toBe("Reset your Pictura password");
    // The known address's mail has come; give a mail to the unknown one the same time again to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      mailbox()
        .received.slice(since)
        .filter((received) => received.to.includes(unknown)),
    ).toEqual([]);
  });

  it("counts requests against the sign-in limits", async () => {
    const email = uniqueEmail("limited");
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await forgot(email, ip)).status).toBe(200);
    const limited = await forgot(email, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  it("sets the new password once from the link, signs this browser in and every other session out", async () => {
    const { email, cookie: otherBrowser } = await signUp({ password: "old-password" });
    expect((await balanceWith(otherBrowser)).status).toBe(200);
    const link = await resetLinkFor(email);
    expect(link.pathname).toBe("/auth/reset");
    const token = link.searchParams.get("token")!;
    const stored = await db.emailToken.findUniqueOrThrow({ where: { tokenHash: hashEmailToken(token) } });
    expect(Math.abs(stored.expiresAt.getTime() - stored.createdAt.getTime() - 60 * 60 * 1000)).toBeLessThan(2000);

    const response = await reset(token, "new-password");
    expect(response.status).toBe(200);
    expect((await response.json()).email).toBe(email);
    const newCookie = sessionCookieFrom(response);
    expect((await balanceWith(newCookie)).status).toBe(200);
    expect((await balanceWith(otherBrowser)).status).toBe(401);

    const signIn = (password: string) => login(apiRequest("POST", "/api/auth/login", { body: { email, password } }));
    expect((await signIn("old-password")).status).toBe(401);
    expect((await signIn("new-password")).status).toBe(200);

    const reused = await reset(token, "third-password");
    expect(reused.status).toBe(400);
    expect((await reused.json()).error).toBe("invalid_reset_link");
    expect((await signIn("third-password")).status).toBe(401);
  });

  it("refuses a link past its hour", async () => {
    const { email } = await signUp();
    const token = (await resetLinkFor(email)).searchParams.get("token")!;
    await db.emailToken.update({ where: { tokenHash: hashEmailToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const response = await reset(token, "new-password");
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("invalid_reset_link");
  });

  it("refuses a made-up token and a weak password with a clear 400", async () => {
    const { email } = await signUp();
    const token = (await resetLinkFor(email)).searchParams.get("token")!;
    expect((await reset("made-up-token", "new-password")).status).toBe(400);
    const weak = await reset(token, "123");
    expect(weak.status).toBe(400);
    expect((await weak.json()).message).toMatch(/at least 6/);
    // The refused attempt did not use the link up.
    expect((await reset(token, "a-good-password")).status).toBe(200);
  });
});

describe("password change", () => {
  it("checks the current password, keeps this session and signs every other one out", async () => {
    const { email, cookie } = await signUp({ password: "old-password" });
    const other = sessionCookieFrom(await login(apiRequest("POST", "/api/auth/login", { body: { email, password: "old-password" } })));
    const change = (currentPassword: string, newPassword: string) =>
      changePassword(apiRequest("POST", "/api/auth/change-password", { cookie, body: { currentPassword, newPassword } }));

    const wrong = await change("not-my-password", "new-password");
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe("wrong_password");
    expect((await balanceWith(other)).status).toBe(200);

    const changed = await change("old-password", "new-password");
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ success: true, endedSessions: 1 });
    expect((await balanceWith(cookie)).status).toBe(200);
    expect((await balanceWith(other)).status).toBe(401);
    expect((await login(apiRequest("POST", "/api/auth/login", { body: { email, password: "new-password" } }))).status).toBe(200);
  });

  it("goes through the sign-in limits", async () => {
    const { cookie } = await signUp({ password: "old-password" });
    const ip = uniqueIp();
    const change = () =>
      changePassword(apiRequest("POST", "/api/auth/change-password", { cookie, ip, body: { currentPassword: "guess", newPassword: "new-password" } }));
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await change()).status).toBe(403);
    expect((await change()).status).toBe(429);
  });
});
