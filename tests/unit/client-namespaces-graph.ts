// Which message namespaces the browser needs for a page: the `useTranslations("…")` namespaces of
// every client module the page's file reaches through its imports (static and `import()`), where a
// module is a client module when it says "use client" or a client module imports it. Server
// components read messages on the server, so theirs are not counted. Node only: used by the test
// that keeps lib/i18n/client-namespaces.ts honest (client-namespaces.test.ts).
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const IMPORT_PATTERN = /(?:^|[^\w.])(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const NAMESPACE_PATTERN = /useTranslations\(\s*["'](\w+)["']\s*\)/g;
const EXTENSIONS = [".tsx", ".ts", "/index.tsx", "/index.ts"];

function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  if (existsSync(base) && statSync(base).isFile()) return /\.tsx?$/.test(base) ? base : null;
  for (const extension of EXTENSIONS) if (existsSync(base + extension)) return base + extension;
  return null;
}

function isClientModule(source: string): boolean {
  const code = source.replace(/^(?:\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*/, "");
  return /^\s*["']use client["']/.test(code);
}

/** The namespaces the client modules reachable from `entries` use, sorted. */
export function clientNamespaces(root: string, entries: string[]): string[] {
  const namespaces = new Set<string>();
  const seen = new Set<string>();
  const queue = entries.map((entry) => ({ file: path.resolve(root, entry), client: false }));
  while (queue.length > 0) {
    const { file, client: importedByClient } = queue.pop()!;
    const source = readFileSync(file, "utf8");
    const client = importedByClient || isClientModule(source);
    const key = `${client ? "client" : "server"}:${file}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (client) for (const match of source.matchAll(NAMESPACE_PATTERN)) namespaces.add(match[1]!);
    for (const match of source.matchAll(IMPORT_PATTERN)) {
      const resolved = resolveSpecifier(root, file, (match[1] ?? match[2])!);
      if (resolved) queue.push({ file: resolved, client });
    }
  }
  return [...namespaces].sort();
}
