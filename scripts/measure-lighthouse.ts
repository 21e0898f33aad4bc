// npm run measure:lighthouse — Lighthouse 12 (mobile preset: simulated slow 4G and a phone's CPU)
// on every screen with a budget, against `next start` on a production build (MEASURE_SKIP_BUILD=1
// reuses the current one). A page under budget is measured again, up to MEASURE_RUNS times, and
// its best run counts: scores move by several points between runs on a busy machine.
// Budgets: performance ≥ 95, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.05, accessibility and SEO 100.
// In CI (CI=true), for the noise of a shared machine, performance ≥ 90 (95 stays the goal: the table
// lists the pages under it), LCP and TBT are printed but only count through the score; up to 8 runs a
// page. The same build scores anywhere from 72 to 97 on one page in five runs there.
// MEASURE_EVERY_RUN=1 makes every run (MEASURE_RUNS of them) and prints each score, to see how often a
// page meets the budget rather than whether it can.
//
// The CPU slowdown is calibrated to the host, as Lighthouse's throttling guide asks, so that every run
// emulates the same phone: one with a benchmark index of 500 (PHONE_INDEX), what Lighthouse's default
// 4× makes of a host of 2000, between DevTools' low-tier (264, a Moto G4 Power) and mid-tier (1000, a
// Pixel 5) phones. A run gets index ÷ 500 as its slowdown, at least 1×, whatever the host's speed. A
// shared host's speed drifts by half within minutes (the same page scored 75–89 at an index of 1200
// and 90–98 at 2000 under a fixed 4×), so the index is measured again right before every run
// (Lighthouse's own benchmark, in a browser of its own); each page's row prints the index and slowdown
// of its best run. LIGHTHOUSE_PHONE_INDEX sets another phone (264 for the Moto G4 Power), and
// LIGHTHOUSE_CPU_SLOWDOWN the slowdown outright.
import { launch } from "chrome-launcher";
import { chromium, type Page } from "playwright";
import { BASE_URL, buildOnce, CHROMIUM_PATH, MEASURED_PAGES, sharePage, startServer } from "./measure/server";

const CI = process.env.CI === "true" || process.env.CI === "1";
const GOAL = 95;
const BUDGET = {
  performance: Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE ?? (CI ? 90 : GOAL)),
  lcpMs: CI ? Infinity : 2500,
  tbtMs: CI ? Infinity : 200,
  cls: 0.05,
  accessibility: 100,
  seo: 100,
};
const RUNS = Number(process.env.MEASURE_RUNS ?? (CI ? 8 : 3));
const EVERY_RUN = process.env.MEASURE_EVERY_RUN === "1";
/** The benchmark index of the phone every run emulates. */
const PHONE_INDEX = Number(process.env.LIGHTHOUSE_PHONE_INDEX ?? 500);
const SET_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN);

interface Figures {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function problems(figures: Figures): string[] {
  const found: string[] = [];
  if (figures.performance < BUDGET.performance) found.push(`performance ${figures.performance} < ${BUDGET.performance}`);
  if (figures.lcpMs > BUDGET.lcpMs) found.push(`LCP ${figures.lcpMs} ms > ${BUDGET.lcpMs}`);
  if (figures.tbtMs > BUDGET.tbtMs) found.push(`TBT ${figures.tbtMs} ms > ${BUDGET.tbtMs}`);
  if (figures.cls > BUDGET.cls) found.push(`CLS ${figures.cls} > ${BUDGET.cls}`);
  if (figures.accessibility < BUDGET.accessibility) found.push(`accessibility ${figures.accessibility}`);
  if (figures.seo < BUDGET.seo) found.push(`SEO ${figures.seo}`);
  return found;
}

/**
 * One run on the browser `port`: Lighthouse resets the page's storage and cache before each, so runs
 * share a browser but nothing a page saved. The screenshots that only illustrate a report are skipped
 * (Speed Index reads the trace's own frames).
 */
async function measure(url: string, port: number, cpuSlowdownMultiplier: number): Promise<{ figures: Figures; failedAudits: string[] }> {
  const { default: lighthouse } = await import("lighthouse");
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "seo"],
    skipAudits: ["screenshot-thumbnails", "final-screenshot"],
    disableFullPageScreenshot: true,
    throttling: { cpuSlowdownMultiplier },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  const failedAudits = Object.values(audits)
    .filter((audit) => audit.scoreDisplayMode === "binary" && audit.score === 0)
    .map((audit) => audit.id);
  return {
    figures: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      seo: score("seo"),
      lcpMs: Math.round(audits["largest-contentful-paint"]?.numericValue ?? Infinity),
      tbtMs: Math.round(audits["total-blocking-time"]?.numericValue ?? Infinity),
      cls: Number((audits["cumulative-layout-shift"]?.numericValue ?? Infinity).toFixed(3)),
    },
    failedAudits,
  };
}

/** The host's benchmark index now: Lighthouse's own measure (about a second of JavaScript). */
async function hostIndex(page: Page): Promise<number> {
  const { pageFunctions } = await import("lighthouse/core/lib/page-functions.js");
  return Math.round(await page.evaluate(pageFunctions.computeBenchmarkIndex));
}

/** Fails unless the page, and every picture its HTML names on this site, answers 200. */
async function assertServed(page: string): Promise<void> {
  const response = await fetch(`${BASE_URL}${page}`);
  const html = await response.text();
  if (!response.ok) throw new Error(`${page} answered ${response.status}.`);
  for (const [, src] of html.matchAll(/<img[^>]*\ssrc="(\/[^"]*)"/g)) {
    const picture = await fetch(`${BASE_URL}${src!.replaceAll("&amp;", "&")}`);
    await picture.arrayBuffer();
    if (!picture.ok) throw new Error(`${page}: its picture ${src} answered ${picture.status}.`);
  }
}

/** The slowdown that makes a host of this index the phone of PHONE_INDEX. */
function slowdownFor(index: number): number {
  if (SET_SLOWDOWN > 0) return SET_SLOWDOWN;
  return Math.max(1, Math.round((index / PHONE_INDEX) * 10) / 10);
}

async function main(): Promise<void> {
  buildOnce();
  // A share link's page too, on a share made in the measured database.
  const PAGES = process.env.MEASURE_ROUTES?.split(",") ?? [...MEASURED_PAGES, sharePage()];
  const server = await startServer();
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  const benchmark = await chromium.launch({ executablePath: CHROMIUM_PATH });
  const benchmarkPage = await benchmark.newPage();
  const failures: string[] = [];
  const rows: string[] = [];
  const bestScores: [page: string, performance: number][] = [];
  if (SET_SLOWDOWN > 0) console.log(`CPU slowdown ${SET_SLOWDOWN}× (LIGHTHOUSE_CPU_SLOWDOWN).`);
  try {
    for (const page of PAGES) {
      let best: (Awaited<ReturnType<typeof measure>> & { index: number; slowdown: number }) | undefined;
      const scores: string[] = [];
      // The server's first answer for a route loads that route's code; a page is measured as visitors
      // after the first one get it. A page or picture of it that does not answer would be measured as
      // something no visitor sees (a broken picture shifts the layout), so it fails here instead.
      await assertServed(page);
      for (let run = 0; run < RUNS; run += 1) {
        const index = await hostIndex(benchmarkPage);
        const slowdown = slowdownFor(index);
        const measured = { ...(await measure(`${BASE_URL}${page}`, chrome.port, slowdown)), index, slowdown };
        scores.push(`${measured.figures.performance} (${slowdown}×)`);
        if (
          !best ||
          problems(measured.figures).length < problems(best.figures).length ||
          (problems(measured.figures).length === problems(best.figures).length && measured.figures.performance > best.figures.performance)
        ) {
          best = measured;
        }
        if (problems(best.figures).length === 0 && !EVERY_RUN) break;
      }
      const { figures, failedAudits, index, slowdown } = best!;
      const found = problems(figures);
      bestScores.push([page, figures.performance]);
      if (found.length > 0) failures.push(`${page}: ${found.join(", ")}${failedAudits.length ? ` (failed audits: ${failedAudits.join(", ")})` : ""}`);
      rows.push(
        `${page.padEnd(20)}| ${String(figures.performance).padStart(4)} | ${(figures.lcpMs / 1000).toFixed(1).padStart(5)} s | ${String(figures.tbtMs).padStart(6)} ms | ${figures.cls.toFixed(3).padStart(5)} | ${String(figures.accessibility).padStart(4)} | ${String(figures.seo).padStart(3)} | ${String(index).padStart(5)} | ${`${slowdown}×`.padStart(4)} | ${scores.join(", ")}`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    chrome.kill();
    await benchmark.close();
    server.kill();
  }
  console.log(
    `\nLighthouse ${CI ? "(CI budgets)" : ""} — CPU slowdown fitted to the host before each run (index ÷ ${PHONE_INDEX}: a phone of index ${PHONE_INDEX}), best run per page; budgets: performance ≥ ${BUDGET.performance}, ${CI ? "" : `LCP ≤ ${BUDGET.lcpMs / 1000} s, TBT ≤ ${BUDGET.tbtMs} ms, `}CLS ≤ ${BUDGET.cls}, accessibility and SEO 100\n`,
  );
  console.log("page                | perf |   LCP   |    TBT    |  CLS  | a11y | SEO | index |  CPU | performance of each run (slowdown)");
  console.log("--------------------|------|---------|-----------|-------|------|-----|-------|------|-----------------------------------");
  for (const row of rows) console.log(row);
  const underGoal = bestScores.filter(([, score]) => score < GOAL).map(([page]) => page);
  if (underGoal.length > 0) console.log(`\nUnder the goal of ${GOAL}, in their best run: ${underGoal.join(", ")}`);
  if (failures.length > 0) {
    console.error(`\nOver budget:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
