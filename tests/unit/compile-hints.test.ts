import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { addCompileHints, COMPILE_HINT, onDemandChunks, startupChunks } from "@/scripts/build/compile-hints";

// These tests run on a hand-made build directory; compile-hints-build.test.ts checks a real one.

let dist: string;

async function put(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
  await writeFile(path.join(dist, file), content);
}

const read = (file: string) => readFile(path.join(dist, file), "utf8");

// A build directory as `next build` leaves it: the framework chunks every page loads, each route's
// client manifest with the chunks of its layouts and page, and chunks that load only on demand.
beforeEach(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), "pictura-hints-"));
  await put("build-manifest.json", JSON.stringify({ rootMainFiles: ["static/chunks/framework.js", "static/chunks/turbopack-runtime.js"] }));
  await put(
    "server/app-paths-manifest.json",
    JSON.stringify({
      "/[locale]/(studio)/page": "app/[locale]/(studio)/page.js",
      "/[locale]/auth/page": "app/[locale]/auth/page.js",
      "/api/health/route": "app/api/health/route.js",
    }),
  );
  await put(
    "server/app/[locale]/(studio)/page_client-reference-manifest.js",
    `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["/[locale]/(studio)/page"] = ${JSON.stringify({
      clientModules: {},
      entryJSFiles: {
        "[project]/app/[locale]/layout": ["static/chunks/layout.js"],
        "[project]/app/[locale]/(studio)/page": ["static/chunks/layout.js", "static/chunks/editor.js"],
      },
    })};\n`,
  );
  await put(
    "server/app/[locale]/auth/page_client-reference-manifest.js",
    `globalThis.__RSC_MANIFEST["/[locale]/auth/page"] = ${JSON.stringify({ entryJSFiles: { "[project]/app/[locale]/auth/page": ["static/chunks/auth.js", "static/chunks/auth.css"] } })};`,
  );
  for (const chunk of ["framework", "turbopack-runtime", "layout", "editor", "auth", "welcome-dialog"]) {
    // Each chunk registers itself by its path; the editor's loads the welcome dialog on demand.
    const loads = chunk === "editor" ? `,1,e=>{e.v(t=>Promise.all(["static/chunks/welcome-dialog.js"].map(t=>e.l(t))))}` : "";
    await put(`static/chunks/${chunk}.js`, `(globalThis.TURBOPACK||[]).push(["static/chunks/${chunk}.js"${loads}]);\n//# sourceMappingURL=${chunk}.js.map`);
    await put(`static/chunks/${chunk}.js.map`, JSON.stringify({ version: 3, sources: [`${chunk}.ts`], mappings: "AAAA" }));
  }
});

afterEach(async () => {
  await rm(dist, { recursive: true, force: true });
});

it("finds the chunks pages run at start-up: the framework's and every layout's and page's", async () => {
  expect(await startupChunks(dist)).toEqual([
    "static/chunks/auth.js",
    "static/chunks/editor.js",
    "static/chunks/framework.js",
    "static/chunks/layout.js",
    "static/chunks/turbopack-runtime.js",
  ]);
});

it("marks those chunks once, leaves chunks loaded on demand alone, and keeps source maps in step", async () => {
  const first = await addCompileHints(dist);
  expect(first).toHaveLength(5);
  expect(await read("static/chunks/editor.js")).toMatch(new RegExp(`^${COMPILE_HINT}\\(globalThis\\.TURBOPACK`));
  expect(await read("static/chunks/editor.js")).toContain(`(globalThis.TURBOPACK||[]).push(["static/chunks/editor.js",1,`);
  expect(JSON.parse(await read("static/chunks/editor.js.map")).mappings).toBe(";AAAA");
  expect(await read("static/chunks/welcome-dialog.js")).not.toContain("allFunctionsCalledOnLoad");
  expect(JSON.parse(await read("static/chunks/welcome-dialog.js.map")).mappings).toBe("AAAA");

  // A second pass (the hook runs once per build, but a build may reuse its output) changes nothing.
  expect(await addCompileHints(dist)).toEqual([]);
  expect((await read("static/chunks/framework.js")).split(COMPILE_HINT)).toHaveLength(2);
  expect(JSON.parse(await read("static/chunks/framework.js.map")).mappings).toBe(";AAAA");
});

it("leaves a start-up chunk of one page unmarked when another page loads it on demand", async () => {
  // The sign-in page runs the dialog's chunk at start-up; the editor loads it later.
  await put(
    "server/app/[locale]/auth/page_client-reference-manifest.js",
    `globalThis.__RSC_MANIFEST["/[locale]/auth/page"] = ${JSON.stringify({ entryJSFiles: { "[project]/app/[locale]/auth/page": ["static/chunks/auth.js", "static/chunks/welcome-dialog.js"] } })};`,
  );
  expect(await startupChunks(dist)).toContain("static/chunks/welcome-dialog.js");
  expect([...(await onDemandChunks(dist))]).toEqual(["static/chunks/welcome-dialog.js"]);
  expect(await addCompileHints(dist)).toEqual([
    "static/chunks/auth.js",
    "static/chunks/editor.js",
    "static/chunks/framework.js",
    "static/chunks/layout.js",
    "static/chunks/turbopack-runtime.js",
  ]);
  expect(await read("static/chunks/welcome-dialog.js")).not.toContain("allFunctionsCalledOnLoad");
});

it("stops the build when a client manifest cannot be read, rather than hint the wrong files", async () => {
  await put("server/app/[locale]/gallery/page_client-reference-manifest.js", "self.__RSC_MANIFEST = undefined");
  await expect(addCompileHints(dist)).rejects.toThrow(/Unreadable client manifest.*format/);
  await put("server/app/[locale]/gallery/page_client-reference-manifest.js", `self.__RSC_MANIFEST = ${JSON.stringify({ entryJSFiles: { page: "a.js" } })}`);
  await expect(addCompileHints(dist)).rejects.toThrow(/Unreadable client manifest/);
});

it("stops the build, saying what changed, when Next's manifests are not in the format it reads", async () => {
  await put("build-manifest.json", JSON.stringify({ rootMainFiles: {} }));
  await expect(addCompileHints(dist)).rejects.toThrow(/build-manifest.json has no list of rootMainFiles.*changed its format/);
  await put("build-manifest.json", JSON.stringify({ rootMainFiles: ["static/chunks/framework.js"] }));

  // A page whose client manifest moved or was renamed.
  await put("server/app-paths-manifest.json", JSON.stringify({ "/[locale]/gallery/page": "app/[locale]/gallery/page.js" }));
  await expect(addCompileHints(dist)).rejects.toThrow(
    "the page /[locale]/gallery/page has no client manifest at server/app/[locale]/gallery/page_client-reference-manifest.js",
  );

  // No pages at all, or no list of pages.
  await put("server/app-paths-manifest.json", JSON.stringify({ "/api/health/route": "app/api/health/route.js" }));
  await expect(addCompileHints(dist)).rejects.toThrow(/lists no app pages/);
  await rm(path.join(dist, "server/app-paths-manifest.json"));
  await expect(addCompileHints(dist)).rejects.toThrow(/app-paths-manifest.json is missing/);
  await put("server/app-paths-manifest.json", JSON.stringify({ "/[locale]/auth/page": "app/[locale]/auth/page.js" }));

  // A chunk named by a manifest that the build did not write where the manifest says.
  await rm(path.join(dist, "static/chunks/auth.js"));
  await expect(addCompileHints(dist)).rejects.toThrow("a manifest names static/chunks/auth.js, which is not in the build directory");
  // A build in which no chunk names another to load on demand: the loader's format changed.
  await put("static/chunks/auth.js", "");
  await put("static/chunks/editor.js", `(globalThis.TURBOPACK||[]).push(["static/chunks/editor.js"]);`);
  await expect(addCompileHints(dist)).rejects.toThrow(/no chunk names another to load on demand/);
  // Nothing was hinted by the runs that stopped.
  expect(await read("static/chunks/framework.js")).not.toContain("allFunctionsCalledOnLoad");
});
