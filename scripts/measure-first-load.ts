// npm run measure:first-load — the JavaScript a browser downloads to show a route for the first time,
// as transferred (compressed) bytes, measured in Chromium against `next start` on a fresh production
// build (MEASURE_SKIP_BUILD=1 reuses the current one). Exits 1 when the editor goes over 250 kB.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const ROOT = path.resolve(__dirname, "..");
const PORT = Number(process.env.MEASURE_PORT ?? 3150);
const ROUTES = (process.env.MEASURE_ROUTES ?? "/,/editor,/subscription,/gallery,/background-removal,/object-removal,/text-overlay").split(",");
const BUDGET_KB = 250;
const BUDGETED = new Set(["/", "/editor"]);

async function waitForServer(url: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not start`);
}

async function main(): Promise<void> {
  const env = {
    ...process.env,
    // A guest's first visit touches no database rows; these only satisfy configuration checks.
    DATABASE_URL: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/pictura_test",
    AUTH_SECRET: process.env.AUTH_SECRET ?? "measure-secret-with-at-least-thirty-two-characters",
    APP_URL: process.env.APP_URL ?? `http://localhost:${PORT}`,
  };
  const next = require.resolve("next/dist/bin/next");
  if (process.env.MEASURE_SKIP_BUILD !== "1") {
    const build = spawnSync(process.execPath, [next, "build"], { cwd: ROOT, env, stdio: "inherit" });
    if (build.status !== 0) throw new Error("next build failed");
  }
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("No build found.");
  const server = spawn(process.execPath, [next, "start", "-p", String(PORT)], { cwd: ROOT, env, stdio: "ignore" });
  const executablePath = process.env.CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });
  let failed = false;
  try {
    await waitForServer(`http://localhost:${PORT}/robots.txt`);
    console.log("First-load JavaScript: scripts fetched before the load event (transferred, i.e. compressed), and");
    console.log("what loads lazily afterwards (dialogs and other code split off the first screen).\n");
    console.log("route                 | scripts | first load kB | uncompressed kB | lazily after kB");
    console.log("----------------------|---------|---------------|-----------------|----------------");
    for (const route of ROUTES) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts: Promise<{ transferred: number; decoded: number }>[] = [];
      let loaded = false;
      const afterLoad: Promise<{ transferred: number; decoded: number }>[] = [];
      page.on("load", () => {
        loaded = true;
      });
      page.on("requestfinished", (request) => {
        if (request.resourceType() !== "script") return;
        (loaded ? afterLoad : scripts).push(
          request.sizes().then(async (sizes) => ({ transferred: sizes.responseBodySize + sizes.responseHeadersSize, decoded: (await (await request.response())?.body())?.length ?? 0 })),
        );
      });
      await page.goto(`http://localhost:${PORT}${route}`, { waitUntil: "networkidle" });
      const sizes = await Promise.all(scripts);
      const later = (await Promise.all(afterLoad)).reduce((sum, size) => sum + size.transferred, 0) / 1024;
      const transferred = sizes.reduce((sum, size) => sum + size.transferred, 0) / 1024;
      const decoded = sizes.reduce((sum, size) => sum + size.decoded, 0) / 1024;
      const over = BUDGETED.has(route) && transferred > BUDGET_KB;
      failed ||= over;
      console.log(`${route.padEnd(22)}| ${String(sizes.length).padStart(7)} | ${transferred.toFixed(1).padStart(13)} | ${decoded.toFixed(1).padStart(15)} | ${later.toFixed(1).padStart(15)}${over ? `  over the ${BUDGET_KB} kB budget` : ""}`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.kill();
  }
  if (failed) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
