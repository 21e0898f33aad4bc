// The production build the browser tests run on, read as a platform deploys it: each API route
// becomes a function holding the files its trace (route.js.nft.json) lists. None may carry the local
// image engine, which only workers run, and each must fit a function (250 MB unzipped on Vercel).
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import enginePackages from "../../lib/imaging/engine-packages.json";

// The build folder next.config.ts writes to (NEXT_DIST_DIR for a build beside the usual one).
const API_BUILD = path.resolve(process.env.NEXT_DIST_DIR || ".next", "server", "app", "api");
const FUNCTION_LIMIT_BYTES = 250 * 1024 * 1024;

interface RouteTrace {
  route: string;
  files: string[];
  bytes: number;
}

function traceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((name) => path.basename(name) === "route.js.nft.json")
    .map((name) => path.join(directory, name));
}

function readTrace(traceFile: string): RouteTrace {
  const { files, symlinks = [] } = JSON.parse(readFileSync(traceFile, "utf8")) as { files: string[]; symlinks?: Array<[number, string]> };
  const directory = path.dirname(traceFile);
  const listed = files.map((file) => path.resolve(directory, file));
  // Turbopack reaches an external package through a link it makes under the build's node_modules,
  // named after the package plus a hash (`.next/node_modules/pg-587764f78a6c7a9c` → `node_modules/pg`).
  // What the link points to counts: as the trace's own table says, and as the file system resolves it.
  const linked = [...symlinks.map(([, target]) => path.resolve(directory, target)), ...listed.filter(existsSync).map((file) => realpathSync(file))];
  const resolved = [...new Set([...listed, ...linked])];
  const bytes = listed.reduce((sum, file) => sum + (existsSync(file) ? statSync(file).size : 0), 0);
  const route = `/api/${path.relative(API_BUILD, directory).split(path.sep).join("/")}`;
  return { route, files: resolved.map((file) => path.relative(process.cwd(), file).split(path.sep).join("/")), bytes };
}

const TURBOPACK_LINK_HASH = /-[0-9a-f]{16}$/;

/** Every package a traced file lies in, nested ones included, e.g. ["@imgly/background-removal-node", "onnxruntime-node"]. */
function packagesOf(file: string): string[] {
  const parts = file.split("/");
  return parts.flatMap((part, index) => {
    if (part !== "node_modules" || index + 1 >= parts.length) return [];
    const name = parts[index + 1]!;
    const full = name.startsWith("@") ? `${name}/${parts[index + 2] ?? ""}` : name;
    // A link's own name carries Turbopack's hash: `@techstark/opencv-js-27e5f617cdaeca9b` is `@techstark/opencv-js`.
    return [full.replace(TURBOPACK_LINK_HASH, "")];
  });
}

function isEnginePackage(name: string): boolean {
  return enginePackages.packages.includes(name) || enginePackages.scopes.some((scope) => name.startsWith(`${scope}/`));
}

test("no API route's function carries the local engine, and each fits a function", () => {
  expect(existsSync(API_BUILD), `the production build in ${API_BUILD} (scripts/e2e-server.ts builds it)`).toBe(true);
  const traces = traceFiles(API_BUILD).map(readTrace);
  expect(traces.map((trace) => trace.route)).toContain("/api/flux/edit");

  const carrying = traces.flatMap((trace) => {
    const found = [...new Set(trace.files.flatMap(packagesOf))].filter(isEnginePackage);
    return found.length ? [`${trace.route}: ${found.join(", ")}`] : [];
  });
  expect(carrying, "routes whose trace lists local-engine packages").toEqual([]);

  const largest = traces.reduce((top, trace) => (trace.bytes > top.bytes ? trace : top));
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(`Largest API route trace: ${largest.route}, ${megabytes(largest.bytes)} in ${largest.files.length} files`);
  test.info().annotations.push({ type: "largest route trace", description: `${largest.route}: ${megabytes(largest.bytes)}` });
  const oversized = traces.filter((trace) => trace.bytes >= FUNCTION_LIMIT_BYTES).map((trace) => `${trace.route}: ${megabytes(trace.bytes)}`);
  expect(oversized, "routes whose traced files exceed 250 MB").toEqual([]);
});
