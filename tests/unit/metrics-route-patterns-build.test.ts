import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { loadRoutePatterns } from "@/lib/observability/metrics-http";

// Request metrics read their route patterns from the real output of `next build` in .next (or
// NEXT_DIST_DIR), where metrics-route-patterns.test.ts uses a copy: the routes manifest must still be
// in the format server.ts reads, and every page and route handler of app/ must be counted under its
// own pattern. npm test runs Jest once its build is done, with COMPILE_HINTS_BUILD_REQUIRED=1; run
// alone without a build, there is nothing to check yet.
const dist = path.resolve(process.env.NEXT_DIST_DIR || ".next");
const built = existsSync(path.join(dist, "BUILD_ID")) && existsSync(path.join(dist, "routes-manifest.json"));
if (!built && process.env.COMPILE_HINTS_BUILD_REQUIRED === "1") throw new Error(`No production build in ${dist} to read the route patterns of.`);
if (!built) console.warn(`metrics-route-patterns-build.test.ts skipped: no production build in ${dist} (run next build first).`);
const describeBuilt = built ? describe : describe.skip;

/** Every page and route handler under app/, as the pattern Next names it (route groups left out). */
function appRoutes(folder = "app", segments: string[] = []): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      if (entry.name.startsWith("_") || entry.name.startsWith("@")) return [];
      const group = entry.name.startsWith("(") && entry.name.endsWith(")");
      return appRoutes(path.join(folder, entry.name), group ? segments : [...segments, entry.name]);
    }
    return /^(page|route)\.tsx?$/.test(entry.name) ? [`/${segments.join("/")}`] : [];
  });
}

/** An address the pattern takes: a locale, an id, a few segments for a catch-all. */
const addressOf = (pattern: string) =>
  pattern
    .replace("[locale]", "en")
    .replace(/\[\.\.\.[^\]]+\]/g, "some/deep/page")
    .replace(/\[[^\]]+\]/g, "id_123");

describeBuilt(`the route patterns of the build in ${path.relative(process.cwd(), dist) || "."}`, () => {
  it("counts every page and route handler under its own pattern", async () => {
    const patterns = await loadRoutePatterns(dist);
    const routes = appRoutes();
    expect(routes).toEqual(expect.arrayContaining(["/api/credits/balance", "/api/operations/[id]", "/[locale]", "/[locale]/editor/[projectId]"]));
    for (const route of routes) expect([route, patterns.patternOf(addressOf(route))]).toEqual([route, route]);
  });
});
