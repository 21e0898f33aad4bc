// What the import-graph rules share: reading the project's modules from disk (once per lint run)
// and resolving a specifier the way the app's imports are written (`@/` from the root, or relative).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const ROOT = process.cwd();
const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs"];

const sources = new Map();

export function source(file) {
  if (!sources.has(file)) sources.set(file, readFileSync(file, "utf8"));
  return sources.get(file);
}

/** Puts the text being linted (an editor's buffer may differ from the disk); true when it changed. */
export function rememberSource(file, text) {
  const known = sources.get(file);
  sources.set(file, text);
  return known !== undefined && known !== text;
}

/** The file a project specifier names, or null for a package or a path that does not exist. */
export function resolve(specifier, fromFile) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const candidate of [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The shortest chain from `start` through `edges` (what a module leads to: its files, or a package name
 * that ends a chain) to the first step `found` accepts, or null when none is reached.
 */
export function chainTo(start, edges, found) {
  const seen = new Set([start]);
  const queue = [[start]];
  while (queue.length) {
    const chain = queue.shift();
    for (const next of edges(chain.at(-1))) {
      if (seen.has(next)) continue;
      seen.add(next);
      const nextChain = [...chain, next];
      if (found(next)) return nextChain;
      queue.push(nextChain);
    }
  }
  return null;
}
