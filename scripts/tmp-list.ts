import { chromium } from "@playwright/test";
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  for (const route of process.argv.slice(2)) {
    const page = await (await browser.newContext()).newPage();
    let loaded = false;
    page.on("load", () => { loaded = true; });
    const rows: Promise<string>[] = [];
    page.on("requestfinished", (r) => { if (r.resourceType() !== "script") return; const a = loaded; rows.push(r.sizes().then(async (s) => `${a ? "after" : "first"} ${(s.responseBodySize/1024).toFixed(1).padStart(7)} ${((await (await r.response())?.body())?.length ?? 0)/1024|0} ${r.url().replace(/^.*\/_next\//, "")} ${(await r.response())?.headers()["content-encoding"]}`)); });
    await page.goto(`http://localhost:3350${route}`, { waitUntil: "networkidle" });
    console.log(route); console.log((await Promise.all(rows)).join("\n"));
  }
  await browser.close();
})();
