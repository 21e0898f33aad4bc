// Marks the client chunks every page runs at start-up with V8's per-file compile hint,
// `//# allFunctionsCalledOnLoad` (Chromium 136 and later; other engines read a comment). Chrome then
// compiles their functions on the thread that streams the script in, instead of one by one on the
// main thread the first time each is called while the page starts; that start-up task is the largest
// part of the pages' Total Blocking Time. Chunks loaded later (dialogs, tools' code) are left as they
// are: compiling code nobody calls yet would only cost memory. Runs after `next build` compiles
// (next.config.ts, `compiler.runAfterProductionCompile`), before pages are prerendered.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

async function filesNamed(directory: string, suffix: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(suffix)).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The chunk files (relative to the build directory, "static/chunks/…") a page loads before it runs. */
export async function startupChunks(distDir: string): Promise<string[]> {
  const chunks = new Set<string>();
  const buildManifest = JSON.parse(await readFile(path.join(distDir, "build-manifest.json"), "utf8")) as { rootMainFiles?: string[] };
  for (const file of buildManifest.rootMainFiles ?? []) chunks.add(file);
  // Each app route's client manifest lists, per layout and page, the chunks its <script> tags load.
  for (const manifest of await filesNamed(path.join(distDir, "server", "app"), "_client-reference-manifest.js")) {
    const source = await readFile(manifest, "utf8");
    const json = /=\s*(\{.*\})\s*;?\s*$/s.exec(source)?.[1];
    if (!json) throw new Error(`Unreadable client manifest: ${manifest}`);
    const { entryJSFiles } = JSON.parse(json) as { entryJSFiles?: Record<string, string[]> };
    for (const files of Object.values(entryJSFiles ?? {})) for (const file of files) chunks.add(file);
  }
  return [...chunks].filter((file) => file.endsWith(".js")).sort();
}

/** Puts the hint at the top of every start-up chunk (once), keeping a source map beside it in step. */
export async function addCompileHints(distDir: string): Promise<string[]> {
  const hinted: string[] = [];
  for (const chunk of await startupChunks(distDir)) {
    const file = path.join(distDir, chunk);
    const source = await readFile(file, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    await writeFile(file, COMPILE_HINT + source);
    hinted.push(chunk);
    // The code moved down a line: an empty first line in the map's mappings moves the map with it.
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(source)?.[1];
    if (mapName && !mapName.startsWith("data:")) {
      const mapFile = path.join(path.dirname(file), mapName);
      const map = JSON.parse(await readFile(mapFile, "utf8")) as { mappings?: string };
      if (typeof map.mappings === "string") await writeFile(mapFile, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
    }
  }
  return hinted;
}
