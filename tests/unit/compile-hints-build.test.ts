import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { COMPILE_HINT, onDemandChunks, startupChunks, unhintedPageScripts } from "@/scripts/build/compile-hints";

// Checks the compile hints on the real output of `next build` in .next (or NEXT_DIST_DIR), where
// compile-hints.test.ts uses a hand-made one: the manifests must still be in the format the build
// step reads, and every script the prerendered pages load must carry the hint. npm test runs Jest
// once its build is done, with COMPILE_HINTS_BUILD_REQUIRED=1; run alone without a build, there is
// nothing to check yet.
const dist = path.resolve(process.env.NEXT_DIST_DIR || ".next");
const built = existsSync(path.join(dist, "BUILD_ID")) && existsSync(path.join(dist, "server", "app"));
if (!built && process.env.COMPILE_HINTS_BUILD_REQUIRED === "1") throw new Error(`No production build in ${dist} to check the compile hints on.`);
if (!built) console.warn(`compile-hints-build.test.ts skipped: no production build in ${dist} (run next build first).`);
const describeBuilt = built ? describe : describe.skip;

describeBuilt(`the compile hints of the build in ${path.relative(process.cwd(), dist) || "."}`, () => {
  it("reads the real manifests: the framework's chunks, every page's, and the chunks loaded on demand", async () => {
    const chunks = await startupChunks(dist);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(chunk).toMatch(/^static\/chunks\/.+\.js$/);
    expect((await onDemandChunks(dist)).size).toBeGreaterThan(5);
  });

  it("marked every script the prerendered pages load at start-up, but those other pages load on demand", async () => {
    const later = await onDemandChunks(dist);
    const { pages, scripts, unhinted } = await unhintedPageScripts(dist);
    expect(pages).toBeGreaterThan(5);
    expect(scripts.length).toBeGreaterThan(5);
    expect(unhinted.filter((script) => !later.has(script))).toEqual([]);
    // What the pages load is what the manifests said they load.
    expect(await startupChunks(dist)).toEqual(expect.arrayContaining(scripts));
    // Most of the start-up code carries the hint.
    expect(scripts.length - unhinted.length).toBeGreaterThan(scripts.length / 2);
  });

  it("left every chunk loaded on demand unmarked", async () => {
    const later = [...(await onDemandChunks(dist))];
    expect(later.length).toBeGreaterThan(0);
    for (const file of later) expect((await readFile(path.join(dist, file), "utf8")).startsWith(COMPILE_HINT)).toBe(false);
    // The build directory holds no other marked chunk than the start-up ones.
    const startup = new Set(await startupChunks(dist));
    for (const name of await readdir(path.join(dist, "static", "chunks"))) {
      const file = `static/chunks/${name}`;
      if (name.endsWith(".js") && !startup.has(file)) expect((await readFile(path.join(dist, file), "utf8")).startsWith(COMPILE_HINT)).toBe(false);
    }
  });
});
