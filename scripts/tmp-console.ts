import { chromium } from "@playwright/test";
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const page = await browser.newPage();
  page.on("console", (m) => console.log("console", m.type(), m.text().slice(0, 400)));
  page.on("pageerror", (e) => console.log("pageerror", e.message.slice(0, 400)));
  await page.goto("http://localhost:3350/", { waitUntil: "networkidle" });
  await browser.close();
})();
