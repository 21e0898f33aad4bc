// Marks the client chunks every page runs at start-up with V8's per-file compile hint,
// `//# allFunctionsCalledOnLoad` (Chromium 136 and later; other engines read a comment). Chrome then
// compiles their functions on the thread that streams the script in, instead of one by one on the
// main thread the first time each is called while the page starts; that start-up task is the largest
// part of the pages' Total Blocking Time. Chunks loaded later (dialogs, tools' code) are left as they
// are: compiling code nobody calls yet would only cost memory. So is a start-up chunk of one page
// that another page loads on demand (a dialog's library shared with a page that shows it at once):
// the hint would follow it there. Runs after `next build` compiles (next.config.ts,
// `compiler.runAfterProductionCompile`), before pages are prerendered.
import { access, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * This step reads Next's internal build files, whose format Next may change in any release. When
 * they are not what it expects it stops the build and says what changed, rather than hint nothing
 * (or the wrong files) and let the pages quietly start slower.
 */
export class ManifestFormatError extends Error {
  constructor(what: string) {
    super(`Compile hints (scripts/build/compile-hints.ts): ${what} Next's build output has changed its format; update the script to match.`);
    this.name = "ManifestFormatError";
  }
}

async function filesNamed(directory: string, suffix: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(suffix)).map((entry) => path.join(entry.parentPath, entry.name));
}

async function readJson(file: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    throw new ManifestFormatError(`${what} is missing (${file}).`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ManifestFormatError(`${what} is not JSON (${file}).`);
  }
}

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/** The framework's own chunks, which every page loads first. */
async function frameworkChunks(distDir: string): Promise<string[]> {
  const manifest = await readJson(path.join(distDir, "build-manifest.json"), "build-manifest.json");
  const files = (manifest as { rootMainFiles?: unknown } | null)?.rootMainFiles;
  if (!isStringList(files) || files.length === 0) throw new ManifestFormatError("build-manifest.json has no list of rootMainFiles.");
  return files;
}

/** Each app page's client manifest: per layout and page, the chunks its <script> tags load. */
async function pageEntryChunks(distDir: string): Promise<Map<string, string[][]>> {
  const appDir = path.join(distDir, "server", "app");
  const byManifest = new Map<string, string[][]>();
  for (const manifest of await filesNamed(appDir, "_client-reference-manifest.js")) {
    const source = await readFile(manifest, "utf8");
    const json = /=\s*(\{.*\})\s*;?\s*$/s.exec(source)?.[1];
    let entries: unknown;
    try {
      entries = json ? (JSON.parse(json) as { entryJSFiles?: unknown }).entryJSFiles : undefined;
    } catch {
      entries = undefined;
    }
    if (!json || typeof entries !== "object" || entries === null || !Object.values(entries).every(isStringList)) {
      throw new ManifestFormatError(`Unreadable client manifest: ${manifest} (expected an assignment of JSON with entryJSFiles).`);
    }
    byManifest.set(path.relative(appDir, manifest), Object.values(entries as Record<string, string[]>));
  }
  return byManifest;
}

/**
 * Every app page the build made must have its client manifest beside it, with the chunks of its
 * layouts and page: a page without one would start without the hint.
 */
async function checkEveryPageHasItsManifest(distDir: string, manifests: Map<string, string[][]>): Promise<void> {
  const appPaths = await readJson(path.join(distDir, "server", "app-paths-manifest.json"), "server/app-paths-manifest.json");
  if (typeof appPaths !== "object" || appPaths === null) throw new ManifestFormatError("server/app-paths-manifest.json is not a map of app paths.");
  const pages = Object.keys(appPaths).filter((route) => route.endsWith("/page"));
  if (pages.length === 0) throw new ManifestFormatError("server/app-paths-manifest.json lists no app pages.");
  for (const page of pages) {
    const name = `${page.slice(1)}_client-reference-manifest.js`;
    const chunks = manifests.get(name);
    if (!chunks) throw new ManifestFormatError(`the page ${page} has no client manifest at server/app/${name}.`);
    if (!chunks.some((files) => files.some((file) => file.endsWith(".js")))) {
      throw new ManifestFormatError(`the client manifest of ${page} names no JavaScript chunk in its entryJSFiles.`);
    }
  }
}

/** The chunk files (relative to the build directory, "static/chunks/…") a page loads before it runs. */
export async function startupChunks(distDir: string): Promise<string[]> {
  const chunks = new Set(await frameworkChunks(distDir));
  const manifests = await pageEntryChunks(distDir);
  await checkEveryPageHasItsManifest(distDir, manifests);
  for (const files of manifests.values()) for (const file of files.flat()) chunks.add(file);
  const scripts = [...chunks].filter((file) => file.endsWith(".js")).sort();
  for (const script of scripts) {
    await access(path.join(distDir, script)).catch(() => {
      throw new ManifestFormatError(`a manifest names ${script}, which is not in the build directory.`);
    });
  }
  return scripts;
}

/**
 * The chunks some code loads on demand: a lazy import's loader names the chunks it fetches, as
 * "static/chunks/….js" strings in the importing chunk (a chunk also names itself when it registers).
 */
export async function onDemandChunks(distDir: string): Promise<Set<string>> {
  const directory = path.join(distDir, "static", "chunks");
  const named = new Set<string>();
  for (const file of await filesNamed(directory, ".js")) {
    const self = path.relative(distDir, file).split(path.sep).join("/");
    const source = await readFile(file, "utf8");
    for (const [, chunk] of source.matchAll(/"(static\/chunks\/[^"]+\.js)"/g)) if (chunk !== self) named.add(chunk!);
  }
  // The app has lazy imports (dialogs, result views): finding none means the loader's format changed.
  if (named.size === 0) throw new ManifestFormatError('no chunk names another to load on demand ("static/chunks/….js" in its loader).');
  return named;
}

/** The start-up chunks to hint: all of them but those another page loads on demand. */
export async function chunksToHint(distDir: string): Promise<string[]> {
  const later = await onDemandChunks(distDir);
  return (await startupChunks(distDir)).filter((chunk) => !later.has(chunk));
}

/** Puts the hint at the top of every start-up chunk (once), keeping a source map beside it in step. */
export async function addCompileHints(distDir: string): Promise<string[]> {
  const hinted: string[] = [];
  for (const chunk of await chunksToHint(distDir)) {
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

/**
 * After a build: the scripts the prerendered pages' HTML loads that do not start with the hint. The
 * HTML is what browsers get, so this checks the result rather than the manifests it was made from.
 */
export async function unhintedPageScripts(distDir: string): Promise<{ pages: number; scripts: string[]; unhinted: string[] }> {
  const pages = await filesNamed(path.join(distDir, "server", "app"), ".html");
  const scripts = new Set<string>();
  for (const page of pages) {
    const html = await readFile(page, "utf8");
    for (const [tag, src] of html.matchAll(/<script\b[^>]*\bsrc="\/_next\/([^"?]+\.js)(?:\?[^"]*)?"[^>]*>/g)) {
      if (!/\bnoModule\b/i.test(tag)) scripts.add(src!);
    }
  }
  const unhinted: string[] = [];
  for (const script of scripts) if (!(await readFile(path.join(distDir, script), "utf8")).startsWith(COMPILE_HINT)) unhinted.push(script);
  return { pages: pages.length, scripts: [...scripts].sort(), unhinted };
}
