// Loads the local engine's packages from the install, at run time. The job code is bundled into every
// route that may run a job in the web process (JOBS_INLINE loads it on demand), and a package required
// there by a name the bundler sees is traced into each of those routes' functions: OpenCV alone is
// 13 MB, and no route's function carries the engine (lib/imaging/engine-packages.json). Required
// from the project folder, a package is found wherever the process runs (`next start`, the workers,
// the container image) and is in no build's traces.
import "server-only";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Requires `name` from the project folder the process runs in or, from source (tsx, Jest), from this
 * module's own place; inside a `next start` bundle that place says nothing about node_modules.
 */
export function requireInstalled<T>(name: string): T {
  const bases = [path.join(process.cwd(), "package.json")];
  if (typeof __filename === "string" && path.isAbsolute(__filename)) bases.push(__filename);
  const failures: string[] = [];
  for (const base of bases) {
    const load = createRequire(base);
    let entry: string;
    try {
      entry = load.resolve(name);
    } catch (error) {
      failures.push(`${base}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    return load(entry) as T;
  }
  throw new Error(`${name} is not installed: ${failures.join("; ")}`);
}
