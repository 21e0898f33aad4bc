// npm run smoke -- <url> [--header "Name: value"]… [--languages en,de]: a post-deploy check of any
// deploy. The process and readiness checks answer 200; every page of app/[locale] answers 200 in two
// languages; it signs in (as the Pro reviewer on a preview, else as a new account, deleted at the
// end); the preview-only parts are there on a preview and absent elsewhere; one free conversion
// (PNG to WebP) runs and its result loads. Exits 1 with the list of what failed. A preview behind
// PREVIEW_PASSWORD is opened first with SMOKE_PREVIEW_PASSWORD (an environment variable, so it stays
// out of process lists and logs).
import { isLocale, type Locale } from "../lib/i18n/locales";
import { SmokeClient } from "./smoke/client";
import { checkConversion, checkHealth, checkPages, checkPreviewParts, cleanUp, Report, signIn, unlockPreview } from "./smoke/steps";

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run smoke -- <https://deploy.example> [--header "Name: value"]… [--languages en,de]`);
  process.exit(2);
}

function parseArguments(args: string[]) {
  let origin: string | null = null;
  const headers: Record<string, string> = {};
  let languages: Locale[] = ["en", "de"];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === "--header") {
      const [name, ...rest] = (args[++index] ?? "").split(":");
      if (!name?.trim() || rest.length === 0) usage(`--header needs "Name: value"`);
      headers[name.trim().toLowerCase()] = rest.join(":").trim();
    } else if (arg === "--languages") {
      const list = (args[++index] ?? "").split(",").filter(Boolean);
      if (list.length === 0 || !list.every(isLocale)) usage(`--languages takes language codes such as en,de`);
      languages = list as Locale[];
    } else if (!origin) {
      const url = URL.parse(arg);
      if (!url || !/^https?:$/.test(url.protocol)) usage(`${arg} is not an absolute http(s) address`);
      origin = url.origin;
    } else usage(`Unexpected argument ${arg}`);
  }
  if (!origin) usage("Which deploy? Give its address.");
  return { origin, headers, languages };
}

async function main(): Promise<number> {
  const { origin, headers, languages } = parseArguments(process.argv.slice(2));
  const started = Date.now();
  console.log(`Smoke test of ${origin}\n`);
  const report = new Report();
  // A step that throws (a timeout, a refused connection) is one failure; the others still run.
  const step = <T>(name: string, work: () => Promise<T>): Promise<T | null> =>
    work().catch((error: unknown) => {
      report.record(false, name, error instanceof Error ? error.message : String(error));
      return null;
    });
  const guest = new SmokeClient(origin, headers);
  const password = process.env.SMOKE_PREVIEW_PASSWORD;
  if (password) await step("preview password", () => unlockPreview(guest, report, password));
  await step("health checks", () => checkHealth(guest, report));
  await step("pages", () => checkPages(guest, report, languages));
  const visitor = new SmokeClient(origin, headers);
  visitor.copyCookiesFrom(guest);
  const session = await step("sign-in", () => signIn(visitor, report));
  if (session) {
    await step("preview parts", () => checkPreviewParts(visitor, guest, report, session.preview));
    await step("conversion", () => checkConversion(visitor, report));
    await step("clean-up", () => cleanUp(visitor, report, session));
  }
  const failures = report.failures;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failures.length === 0) {
    console.log(`\nAll ${report.lines.length} checks passed in ${seconds} s.`);
    return 0;
  }
  console.error(`\n${failures.length} of ${report.lines.length} checks failed (${seconds} s):`);
  for (const failure of failures) console.error(`  - ${failure.name}${failure.detail ? `: ${failure.detail}` : ""}`);
  return 1;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(`The smoke test could not run: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
