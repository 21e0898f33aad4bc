import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { addCompileHints, COMPILE_HINT, startupChunks } from "@/scripts/build/compile-hints";

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
    await put(`static/chunks/${chunk}.js`, `(globalThis.TURBOPACK||[]).push(["${chunk}"]);\n//# sourceMappingURL=${chunk}.js.map`);
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
  expect(await read("static/chunks/editor.js")).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push(["editor"]);\n//# sourceMappingURL=editor.js.map`);
  expect(JSON.parse(await read("static/chunks/editor.js.map")).mappings).toBe(";AAAA");
  expect(await read("static/chunks/welcome-dialog.js")).not.toContain("allFunctionsCalledOnLoad");
  expect(JSON.parse(await read("static/chunks/welcome-dialog.js.map")).mappings).toBe("AAAA");

  // A second pass (the hook runs once per build, but a build may reuse its output) changes nothing.
  expect(await addCompileHints(dist)).toEqual([]);
  expect((await read("static/chunks/framework.js")).split(COMPILE_HINT)).toHaveLength(2);
  expect(JSON.parse(await read("static/chunks/framework.js.map")).mappings).toBe(";AAAA");
});

it("stops the build when a client manifest cannot be read, rather than hint the wrong files", async () => {
  await put("server/app/[locale]/gallery/page_client-reference-manifest.js", "self.__RSC_MANIFEST = undefined");
  await expect(addCompileHints(dist)).rejects.toThrow(/Unreadable client manifest/);
});
