// What the smoke test checks on a deploy, step by step. Each step records what passed and what
// failed (with the status or reason) and goes on, so one run lists everything that is wrong.
import { randomBytes } from "node:crypto";
import type { Locale } from "../../lib/i18n/locales";
import type { SmokeClient } from "./client";
import { consolePages, inLanguage, sitePages } from "./pages";

// A 16×16 PNG: the smallest honest input for a conversion.
const TINY_PNG =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWOosXpLEmIY1WA1Gko1wzVpAABPn6MQopcETwAAAABJRU5ErkJggg==";
const REVIEWER_FORM = 'action="/api/preview/reviewer"';

export class Report {
  readonly lines: { ok: boolean; name: string; detail: string }[] = [];

  record(ok: boolean, name: string, detail = ""): boolean {
    this.lines.push({ ok, name, detail });
    console.log(`${ok ? "✓" : "✗"} ${name}${detail ? ` — ${detail}` : ""}`);
    return ok;
  }

  get failures() {
    return this.lines.filter((line) => !line.ok);
  }
}

/** A preview behind PREVIEW_PASSWORD lets a visitor in once its form took the password (an access cookie). */
export async function unlockPreview(client: SmokeClient, report: Report, password: string): Promise<void> {
  const answer = await client.request("/api/preview/access", { method: "POST", form: { password, next: "/" }, follow: false });
  if (answer.status === 404) {
    report.record(true, "this deploy asks no preview password");
    return;
  }
  const wrong = new URL(answer.headers.get("location") ?? "/", client.origin).searchParams.has("error");
  report.record(answer.status === 303 && !wrong && client.hasCookies(), "the preview password opens the preview", `HTTP ${answer.status}`);
}

const describe = (status: number, body: string) => `HTTP ${status}${body ? `: ${body.replace(/\s+/g, " ").slice(0, 160)}` : ""}`;

export async function checkHealth(client: SmokeClient, report: Report): Promise<void> {
  for (const path of ["/api/health", "/api/health/ready"]) {
    const answer = await client.request(path);
    report.record(answer.status === 200, `GET ${path} is 200`, answer.status === 200 ? "" : describe(answer.status, answer.text()));
  }
}

/** Every page in each language, as a guest; pages that send a guest on must end on a page in that language. */
export async function checkPages(client: SmokeClient, report: Report, languages: Locale[]): Promise<void> {
  const failures: string[] = [];
  let visited = 0;
  for (const locale of languages) {
    for (const page of sitePages()) {
      const path = inLanguage(locale, page);
      const answer = await client.request(path, { headers: { "accept-language": locale } }).catch((error: Error) => error);
      visited += 1;
      if (answer instanceof Error) failures.push(`${path}: ${answer.message}`);
      else if (answer.status !== 200) failures.push(`${path}: HTTP ${answer.status} at ${new URL(answer.url).pathname}`);
      else if (!answer.text().includes(`<html lang="${locale}"`)) failures.push(`${path}: not a page in ${locale}`);
    }
  }
  report.record(failures.length === 0, `${visited} pages answer 200 in ${languages.join(" and ")}`, failures.join("; "));

  // The console is not there for a guest, in any language.
  const shown: string[] = [];
  for (const locale of languages) {
    for (const page of consolePages()) {
      const path = inLanguage(locale, page);
      const answer = await client.request(path, { headers: { "accept-language": locale } }).catch((error: Error) => error);
      if (answer instanceof Error) shown.push(`${path}: ${answer.message}`);
      else if (answer.status !== 404) shown.push(`${path}: HTTP ${answer.status}`);
    }
  }
  report.record(shown.length === 0, `the console's pages answer 404 to a guest in ${languages.join(" and ")}`, shown.join("; "));
}

export interface SignedIn {
  preview: boolean;
  email: string;
  /** The new account's password, to delete it afterwards (not on a preview, whose reviewers stay). */
  password?: string;
}

/** On a preview (its reviewer sign-in exists) as its Pro reviewer; elsewhere as a new account. */
export async function signIn(client: SmokeClient, report: Report): Promise<SignedIn | null> {
  const reviewer = await client.request("/api/preview/reviewer", { method: "POST", json: { plan: "pro" } });
  if (reviewer.status === 200) {
    const email = reviewer.json<{ email: string }>().email;
    report.record(true, "preview detected: signed in as the Pro reviewer", email);
    return { preview: true, email };
  }
  if (reviewer.status !== 404) {
    report.record(false, "reviewer sign-in", describe(reviewer.status, reviewer.text()));
    return null;
  }
  const email = `smoke-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
  const password = randomBytes(18).toString("base64url");
  const answer = await client.request("/api/auth/register", { method: "POST", json: { email, password, firstName: "Smoke", lastName: "Test" } });
  const ok = report.record(
    answer.status === 201 && client.hasCookies(),
    "not a preview: signed up a new account",
    answer.status === 201 ? email : describe(answer.status, answer.text()),
  );
  return ok ? { preview: false, email, password } : null;
}

/** A preview has its outbox (for a signed-in visitor) and reviewer sign-in (for a guest); any other deploy has neither. */
export async function checkPreviewParts(visitor: SmokeClient, guest: SmokeClient, report: Report, preview: boolean): Promise<void> {
  const outbox = await visitor.request("/preview/outbox");
  const expected = preview ? 200 : 404;
  report.record(outbox.status === expected, `/preview/outbox is ${expected} to a signed-in visitor`, outbox.status === expected ? "" : `HTTP ${outbox.status}`);
  const signInPage = await guest.request("/auth");
  const hasForm = signInPage.status === 200 && signInPage.text().includes(REVIEWER_FORM);
  report.record(
    hasForm === preview,
    preview ? "the sign-in page offers reviewer sign-in" : "the sign-in page has no reviewer sign-in",
    `HTTP ${signInPage.status}`,
  );
}

/** One free conversion, PNG to WebP, and the result fetched from the address the answer gives. */
export async function checkConversion(client: SmokeClient, report: Report): Promise<void> {
  const answer = await client.request("/api/convert-image", { method: "POST", json: { image: TINY_PNG, format: "webp" } });
  if (answer.status !== 200) {
    report.record(false, "POST /api/convert-image (PNG to WebP)", describe(answer.status, answer.text()));
    return;
  }
  const result = answer.json<{ convertedImage?: string }>().convertedImage;
  if (!result) {
    report.record(false, "POST /api/convert-image (PNG to WebP)", `no convertedImage in ${answer.text().slice(0, 160)}`);
    return;
  }
  const file = await client.request(result);
  const isWebp = file.body.subarray(0, 4).toString("latin1") === "RIFF" && file.body.subarray(8, 12).toString("latin1") === "WEBP";
  const ok = file.status === 200 && isWebp;
  report.record(
    ok,
    "converted a PNG to WebP and fetched the result",
    ok ? `${file.body.length} bytes` : `${result}: HTTP ${file.status}, ${file.headers.get("content-type")}`,
  );
}

/** The account a smoke run made on a real deploy is deleted again, so runs leave no accounts behind. */
export async function cleanUp(client: SmokeClient, report: Report, session: SignedIn): Promise<void> {
  if (session.preview || !session.password) return;
  const answer = await client.request("/api/account", { method: "DELETE", json: { password: session.password } });
  report.record(answer.status === 200, "deleted the smoke test's account", answer.status === 200 ? "" : describe(answer.status, answer.text()));
}
