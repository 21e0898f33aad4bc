// npm run measure:first-load — the JavaScript a browser downloads to show a route for the first time,
// as compressed bytes on the wire (response bodies; their HTTP headers are shown apart): every script
// Chromium fetched until the network went idle, lazy chunks included, against `next start` on a fresh production build (MEASURE_SKIP_BUILD=1 reuses
// the current one). Exits 1 when a page goes over its budget: 185 kB for the editor, 120 kB for a share
// link's page (a viewer needs almost no script), 195 kB for the rest.
import { chromium } from "@playwright/test";
import { BASE_URL, buildOnce, CHROMIUM_PATH, MEASURED_PAGES, sharePage, startServer } from "./measure/server";

const EDITOR_ROUTES = new Set(["/", "/editor"]);
const budgetFor = (route: string) => (EDITOR_ROUTES.has(route) ? 185 : route.startsWith("/s/") ? 120 : 195);

interface ScriptSize {
  transferred: number;
  headers: number;
  decoded: number;
  afterLoad: boolean;
}

async function main(): Promise<void> {
  buildOnce();
  const ROUTES = process.env.MEASURE_ROUTES?.split(",") ?? ["/", "/editor", ...MEASURED_PAGES.slice(1), "/terms", sharePage()];
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
  let failed = false;
  try {
    console.log("First-load JavaScript: every script fetched until the network is idle, compressed as sent;");
    console.log("'after load' is the part of it that arrived after the load event (lazy chunks).\n");
    console.log("route                 | scripts | total kB | budget kB | after load kB | uncompressed kB | + HTTP headers kB");
    console.log("----------------------|---------|----------|-----------|---------------|-----------------|------------------");
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const sizes: Promise<ScriptSize>[] = [];
      let loaded = false;
      page.on("load", () => {
        loaded = true;
      });
      const broken: string[] = [];
      page.on("requestfailed", (request) => {
        if (request.resourceType() === "script") broken.push(`${request.url()} (${request.failure()?.errorText ?? "failed"})`);
      });
      page.on("response", (response) => {
        if (response.request().resourceType() === "script" && !response.ok()) broken.push(`${response.url()} (HTTP ${response.status()})`);
      });
      page.on("requestfinished", (request) => {
        if (request.resourceType() !== "script") return;
        const afterLoad = loaded;
        sizes.push(
          request.sizes().then(async (size) => ({
            transferred: size.responseBodySize,
            headers: size.responseHeadersSize,
            decoded: (await (await request.response())?.body())?.length ?? 0,
            afterLoad,
          })),
        );
      });
      await page.goto(`${BASE_URL}${route}`, { waitUntil: "networkidle" });
      const all = await Promise.all(sizes);
      // A script that did not arrive would make the page look lighter than it is.
      if (broken.length > 0) throw new Error(`${route}: scripts failed to load:\n  ${broken.join("\n  ")}`);
      const kB = (list: ScriptSize[], key: "transferred" | "headers" | "decoded") => list.reduce((sum, size) => sum + size[key], 0) / 1024;
      const total = kB(all, "transferred");
      const budget = budgetFor(route);
      const over = total > budget;
      failed ||= over;
      console.log(
        `${route.padEnd(22)}| ${String(all.length).padStart(7)} | ${total.toFixed(1).padStart(8)} | ${String(budget).padStart(9)} | ${kB(
          all.filter((size) => size.afterLoad),
          "transferred",
        )
          .toFixed(1)
          .padStart(13)} | ${kB(all, "decoded").toFixed(1).padStart(15)} | ${kB(all, "headers").toFixed(1).padStart(17)}${over ? "  OVER BUDGET" : ""}`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill();
  }
  if (failed) {
    console.error("\nFirst-load JavaScript is over budget.");
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
