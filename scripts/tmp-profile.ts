import { chromium } from "@playwright/test";
(async () => {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Profiler.start");
  await page.goto(`http://localhost:3350${process.argv[2] ?? "/"}`, { waitUntil: "networkidle" });
  const { profile } = await cdp.send("Profiler.stop");
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<number, number>();
  const dt = profile.timeDeltas!;
  profile.samples!.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
  const agg = new Map<string, number>();
  for (const [id, t] of self) { const n: any = byId.get(id); const key = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`; agg.set(key, (agg.get(key) ?? 0) + t); }
  const byUrl = new Map<string, number>();
  for (const [id, t] of self) { const n: any = byId.get(id); const key = n.callFrame.url.split("/").pop() || n.callFrame.functionName; byUrl.set(key, (byUrl.get(key) ?? 0) + t); }
  console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms ${k}`).join("\n"));
  console.log("--");
  console.log([...agg].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms ${k}`).join("\n"));
  await browser.close();
})();
