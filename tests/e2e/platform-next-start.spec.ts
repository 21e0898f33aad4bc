// The build as a platform runs it: a plain `next start` (no server.ts) with VERCEL=1, behind an edge
// that sets x-real-ip and overwrites X-Forwarded-For, as Vercel's does (platform-edge.ts). Without
// server.ts nothing sees the socket, so the app must take the client's address from x-real-ip alone.
// Proved here: every page answers in every language; sign-in failures are counted per x-real-ip
// whatever X-Forwarded-For or a client's own x-real-ip says; and no hostile request to any API route
// gets a 5xx.
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { locales } from "../../lib/i18n/locales";
import { localizedPath } from "../../lib/i18n/pages";
import { prepareDatabase } from "../../lib/db/prepare";
import { databaseOnServer, dropDatabase } from "../setup/databases";
import { E2E_DATABASE_URL } from "../setup/test-env";
import { apiRoutes, hostilePageRequests, hostileRequests, type HostileRequest } from "./hostile-requests";
import { cookiesOf, newClientAddress, send, startPlatform, type Answer, type Platform } from "./platform-edge";
import { FAKE_SMTP_PORT } from "./mail";

const MAX_FAILURES_PER_IP = 4;
const MAX_FAILURES_PER_EMAIL = 2;

let platform: Platform;
let origin = "";
/**
 * The platform's own database, made afresh: no worker watches its queue, so the image work the sweep
 * starts is only queued, and the browser tests' image worker is left to theirs (this file runs beside them).
 */
const DATABASE_URL = databaseOnServer(E2E_DATABASE_URL, `${new URL(E2E_DATABASE_URL).pathname.slice(1)}_platform`);

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await dropDatabase(DATABASE_URL);
  await prepareDatabase(DATABASE_URL);
  platform = await startPlatform({
    appPort: 3177,
    edgePort: 3178,
    env: {
      DATABASE_URL,
      LOGIN_MAX_FAILURES_PER_IP: String(MAX_FAILURES_PER_IP),
      LOGIN_MAX_FAILURES_PER_EMAIL: String(MAX_FAILURES_PER_EMAIL),
      // Payments and mail are configured, so no route answers 503 for a missing service.
      BILLING_SANDBOX: "true",
      SMTP_URL: `smtp://127.0.0.1:${FAKE_SMTP_PORT}`,
      MAIL_FROM: "Pictura <no-reply@pictura.test>",
    },
  });
  origin = platform.origin;
});

test.afterAll(async () => {
  await platform?.stop();
});

async function signUp(password = "platform-keeps-this-account"): Promise<{ email: string; cookie: string }> {
  const email = `platform-${newClientAddress().replace(/\./g, "-")}@example.com`;
  const answer = await send(origin, {
    from: newClientAddress(),
    method: "POST",
    path: "/api/auth/register",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password, firstName: "Pat", lastName: "Platform" }),
  });
  expect(answer.status, answer.body).toBe(201);
  return { email, cookie: cookiesOf(answer) };
}

/**
 * Every page of app/[locale], as a path: route groups dropped, dynamic segments ([projectId], [...rest])
 * skipped, and the pages under /preview, which exist on previews only (elsewhere they are 404). The
 * console's pages (/admin) are among them: they exist for admins alone (admin-console.spec.ts).
 */
function pages(): string[] {
  const root = path.join(__dirname, "..", "..", "app", "[locale]");
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "page.tsx")
    .map((file) => path.dirname(file).split(path.sep))
    .filter((segments) => !segments.some((segment) => segment.startsWith("[")))
    .map((segments) => `/${segments.filter((segment) => segment !== "." && !/^\(.*\)$/.test(segment)).join("/")}`)
    .filter((page) => !page.startsWith("/preview/"));
}

const isConsole = (page: string) => page === "/admin" || page.startsWith("/admin/");

test("every page answers 200 in every language, to a guest and to a signed-in visitor", async () => {
  test.setTimeout(180_000);
  const paths = pages().filter((page) => !isConsole(page));
  expect(paths).toEqual(expect.arrayContaining(["/", "/editor", "/auth", "/auth/reset", "/terms", "/file-conversion"]));
  const { cookie } = await signUp();
  const failures: string[] = [];
  for (const locale of locales) {
    for (const page of paths) {
      // Each page at its own address in the language (a translated slug where it has one).
      const localized = localizedPath(locale, page);
      const direct: boolean[] = [];
      for (const visitor of [{}, { cookie }] as Record<string, string>[]) {
        // Pages for one kind of visitor send the other on (a guest to sign-in, an account away from it):
        // followed on the public origin, each must end on a page in the same language.
        let url = localized;
        let answer = await send(origin, { from: newClientAddress(), path: url, headers: { "accept-language": locale, ...visitor } });
        direct.push(answer.status === 200);
        for (let hops = 0; hops < 3 && [302, 303, 307, 308].includes(answer.status); hops += 1) {
          const next = new URL(answer.headers.location ?? "", `${origin}${url}`);
          if (next.origin !== origin) break;
          url = `${next.pathname}${next.search}`;
          answer = await send(origin, { from: newClientAddress(), path: url, headers: { "accept-language": locale, ...visitor } });
        }
        const who = visitor.cookie ? "signed in" : "guest";
        if (answer.status !== 200) failures.push(`${localized} (${who}) → ${answer.status} at ${url}`);
        else if (!answer.body.includes(`<html lang="${locale}"`)) failures.push(`${localized} (${who}) → not a page in ${locale} at ${url}`);
      }
      if (!direct.includes(true)) failures.push(`${localized} answers 200 to nobody without a redirect`);
    }
  }
  expect(failures).toEqual([]);
});

test("the console's pages answer 404 in every language to a guest and to a signed-in visitor, with no redirect", async () => {
  const consolePages = pages().filter(isConsole);
  expect(consolePages).toEqual(expect.arrayContaining(["/admin", "/admin/users", "/admin/operations", "/admin/audit"]));
  const { cookie } = await signUp();
  const answers: string[] = [];
  for (const locale of locales) {
    for (const page of consolePages) {
      for (const visitor of [{}, { cookie }] as Record<string, string>[]) {
        const localized = localizedPath(locale, page);
        const answer = await send(origin, { from: newClientAddress(), path: localized, headers: { "accept-language": locale, ...visitor } });
        answers.push(`${localized} ${visitor.cookie ? "signed in" : "guest"} ${answer.status}`);
      }
    }
  }
  expect(answers.filter((line) => !line.endsWith(" 404"))).toEqual([]);
  expect(answers).toHaveLength(locales.length * consolePages.length * 2);
});

test("sign-in failures count per x-real-ip, whatever X-Forwarded-For or the client's own x-real-ip say", async () => {
  const attempt = (from: string, headers: Record<string, string> = {}, email = `nobody-${newClientAddress()}@example.com`) =>
    send(origin, {
      from,
      method: "POST",
      path: "/api/auth/login",
      headers: { "content-type": "application/json", origin, ...headers },
      body: JSON.stringify({ email, password: "not-the-password" }),
    }).then((answer) => answer.status);

  const attacker = newClientAddress();
  const statuses: number[] = [];
  for (let index = 0; index <= MAX_FAILURES_PER_IP; index += 1) statuses.push(await attempt(attacker, { "x-forwarded-for": newClientAddress() }));
  expect(statuses).toEqual([...Array(MAX_FAILURES_PER_IP).fill(401), 429]);

  // A client's own x-real-ip is replaced by the edge: naming a fresh address does not escape the limit…
  expect(await attempt(attacker, { "x-real-ip": newClientAddress(), "x-forwarded-for": newClientAddress() })).toBe(429);
  // …and naming the limited one does not bring it upon someone else.
  expect(await attempt(newClientAddress(), { "x-real-ip": attacker, "x-forwarded-for": attacker })).toBe(401);

  // The tighter limit per address and e-mail: one account's guesses from one address, not from elsewhere.
  const guesser = newClientAddress();
  const email = `target-${newClientAddress()}@example.com`;
  const guesses: number[] = [];
  for (let index = 0; index <= MAX_FAILURES_PER_EMAIL; index += 1) guesses.push(await attempt(guesser, { "x-forwarded-for": newClientAddress() }, email));
  expect(guesses).toEqual([...Array(MAX_FAILURES_PER_EMAIL).fill(401), 429]);
  expect(await attempt(newClientAddress(), {}, email)).toBe(401);
});

/** Runs `work` over `items`, `width` at a time. */
async function pooled<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

// The readiness route answers 503 by design while the deployment is not ready (here: no worker watches
// this server's database): that describes the deployment, not the input.
const notReady = new Set<string>();
function isReadinessReport(request: HostileRequest, answer: Answer): boolean {
  return request.path.split("?")[0] === "/api/health/ready" && answer.status === 503 && answer.body.includes('"status":"not_ready"');
}

/** Sends the requests from one client address, 6 at a time; adds every 5xx and unanswered one to `failures`. */
async function sweep(from: string, requests: HostileRequest[], cookieFor: (request: HostileRequest) => string, failures: string[]): Promise<void> {
  await pooled(requests, 6, async (request) => {
    const headers: Record<string, string> = { origin, prefer: "respond-async", ...request.headers };
    if (request.signedIn) headers.cookie = [cookieFor(request), request.headers.cookie].filter(Boolean).join("; ");
    const what = `${request.method} ${request.path.slice(0, 80)} [${request.label}, ${request.signedIn ? "signed in" : "guest"}]`;
    try {
      const answer = await send(origin, { from, method: request.method, path: request.path, headers, body: request.body });
      if (isReadinessReport(request, answer)) notReady.add(answer.body);
      else if (answer.status >= 500) failures.push(`${what} → ${answer.status} ${answer.body.slice(0, 120)}`);
    } catch (error) {
      failures.push(`${what} → ${String(error)}`);
    }
  });
}

async function attachServerOutput(failures: string[]): Promise<void> {
  for (const report of notReady) test.info().annotations.push({ type: "readiness during the sweep", description: report });
  if (failures.length) await test.info().attach("next start output", { body: platform.app.output(), contentType: "text/plain" });
}

test("no hostile request to any API route gets a 5xx, from a guest or an account", async () => {
  test.setTimeout(15 * 60_000);
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThanOrEqual(40);
  expect(routes.filter((route) => route.methods.length === 0).map((route) => route.pattern)).toEqual([]);
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const account = await signUp();
  // Signing out ends the session it is called with: that route gets a session of its own.
  const throwaway = await signUp();
  const cookieFor = (request: HostileRequest) => (request.path.startsWith("/api/auth/logout") ? throwaway.cookie : account.cookie);
  const failures: string[] = [];
  const started = Date.now();
  let sent = 0;
  for (const route of routes) {
    // Each route from an address of its own, so one route's rate limits leave the next one's checks intact.
    const requests = await hostileRequests(route, png);
    await sweep(newClientAddress(), requests, cookieFor, failures);
    sent += requests.length;
  }
  await attachServerOutput(failures);
  const summary = `${sent} requests to ${routes.length} routes in ${Math.round((Date.now() - started) / 1000)} s`;
  console.log(`Hostile sweep: ${summary}`);
  test.info().annotations.push({ type: "hostile sweep", description: summary });
  expect(failures).toEqual([]);

  // Every route was called with the account's session: it is still signed in, and still there.
  const user = await send(origin, { from: newClientAddress(), path: "/api/auth/user", headers: { cookie: account.cookie } });
  expect(user.status).toBe(200);
  expect(JSON.parse(user.body)).toMatchObject({ email: account.email });
});

test("no hostile page address gets a 5xx", async () => {
  test.setTimeout(5 * 60_000);
  const { cookie } = await signUp();
  const failures: string[] = [];
  await sweep(newClientAddress(), hostilePageRequests(pages()), () => cookie, failures);
  await attachServerOutput(failures);
  expect(failures).toEqual([]);
});
