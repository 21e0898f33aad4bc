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
 * Resolves `request` from the first place that has it: the project folder the process runs in or,
 * from source (tsx, Jest), this module's own place; inside a `next start` bundle that place says
 * nothing about node_modules. Returns the file resolution started from and the file found; `missing`
 * words the error when neither has it, given each place's failure.
 */
export function resolveInstalled(request: string, missing: (failures: string) => string): { base: string; entry: string } {
  const bases = [path.join(process.cwd(), "package.json")];
  if (typeof __filename === "string" && path.isAbsolute(__filename)) bases.push(__filename);
  const failures: string[] = [];
  for (const base of bases) {
    try {
      return { base, entry: createRequire(base).resolve(request) };
    } catch (error) {
      failures.push(`${base}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new Error(missing(failures.join("; ")));
}

/** Requires `name` from the install (see resolveInstalled). */
export function requireInstalled<T>(name: string): T {
  const { base, entry } = resolveInstalled(name, (failures) => `${name} is not installed: ${failures}`);
  return createRequire(base)(entry) as T;
}
