// No mail leaves a preview: with SMTP_URL set or not, each mail is stored in the outbox for reviewers
// to read, and mail counts as available there. Outside a preview, mail goes to SMTP and the outbox
// stays empty.
import { POST as register } from "@/app/api/auth/register/route";
import { db } from "@/lib/db";
import { mailAvailable, sendMail } from "@/lib/mail/mailer";
import { listWholeOutbox } from "@/lib/preview/outbox";
import { startMailbox, type Mailbox } from "../fakes/mailbox";
import { setSettings } from "../setup/settings";
import { apiRequest, uniqueEmail } from "./helpers";

let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());

async function signUp(email: string) {
  const response = await register(
    apiRequest("POST", "/api/auth/register", { body: { email, password: "preview-password", firstName: "Rita", lastName: "Review" } }),
  );
  expect(response.status).toBe(201);
}

async function outboxMailTo(email: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await db.outboxMail.findFirst({ where: { to: email }, orderBy: { createdAt: "desc" } });
    if (found || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("mail in a preview", () => {
  it("goes to the outbox, not to the SMTP server, even with SMTP_URL set", async () => {
    setSettings({ APP_ENV: "preview", SMTP_URL: mailbox.url });
    const email = uniqueEmail("preview-mail");
    await signUp(email);
    const mail = await outboxMailTo(email);
    expect(mail).toMatchObject({ to: email, subject: "Confirm your e-mail address for Pictura" });
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/auth\/verify\?token=\S+/);
    expect(mail!.html).toContain("Confirm my address");
    // The mail was stored instead of sent: nothing reached the server, then or since.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.received.filter((received) => received.to.includes(email))).toEqual([]);
    expect((await listWholeOutbox()).map((row) => row.id)).toContain(mail!.id);
  });

  it("is available in a production preview without SMTP, where each mail is stored", async () => {
    setSettings({ NODE_ENV: "production", APP_URL: "https://preview.pictura.example", SMTP_URL: undefined });
    expect(mailAvailable()).toBe(false);
    await expect(sendMail({ to: "nobody@example.com", subject: "x", text: "x", html: "x" })).rejects.toMatchObject({ code: "mail_unavailable" });
    setSettings({ APP_ENV: "preview" });
    expect(mailAvailable()).toBe(true);
    const email = uniqueEmail("preview-production");
    await sendMail({ to: email, subject: "Reset", text: "Open https://preview.pictura.example/auth/reset?token=abc", html: "<p>Reset</p>" });
    expect(await outboxMailTo(email)).toMatchObject({ subject: "Reset", text: "Open https://preview.pictura.example/auth/reset?token=abc" });
  });

  it("lists the newest mail first", async () => {
    setSettings({ APP_ENV: "preview" });
    const first = await db.outboxMail.create({
      data: { to: "a@example.com", subject: "first", text: "1", html: "<p>1</p>", createdAt: new Date(Date.now() + 60_000) },
    });
    const second = await db.outboxMail.create({
      data: { to: "b@example.com", subject: "second", text: "2", html: "<p>2</p>", createdAt: new Date(Date.now() + 120_000) },
    });
    const ids = (await listWholeOutbox()).map((row) => row.id);
    expect(ids.slice(0, 2)).toEqual([second.id, first.id]);
    await db.outboxMail.deleteMany({ where: { id: { in: [first.id, second.id] } } });
  });
});

describe("mail outside a preview", () => {
  it("goes to the SMTP server and never to the outbox", async () => {
    setSettings({ APP_ENV: undefined, SMTP_URL: mailbox.url });
    const email = uniqueEmail("real-mail");
    await signUp(email);
    const received = await mailbox.waitFor(email);
    expect(received.parsed.subject).toBe("Confirm your e-mail address for Pictura");
    expect(await db.outboxMail.count({ where: { to: email } })).toBe(0);
  });
});
