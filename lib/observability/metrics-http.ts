// Request durations for the web server's metrics (server.ts): each answer is counted under its route
// pattern (/api/operations/[id], /[locale]/editor), never its raw path, so a crawler or an attacker
// asking for a million addresses adds no series. The patterns are Next's own, from the build's routes
// manifest; a path no route matches is "unmatched". A tool's call (lib/tools/registry.ts) is counted
// under its own address even where a dynamic route (/api/[tool]) serves it, and labelled call="image",
// so alerts and dashboards tell image work from light calls without naming a tool.
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { callPathsOf } from "../tools/derive";
import type { MetricsRecorder } from "./metrics";
import { logger } from "./log";

const log = logger("metrics");

export const UNMATCHED = "unmatched";

/** Longer paths are not matched at all: no route is this long, and a regex over 100 kB is time. */
const LONGEST_PATH = 2_048;

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** What a request is: a tool's call (image work, seconds long), or any other. */
export type CallLabel = "image" | "other";

export interface RoutePatterns {
  patternOf(url: string): string;
  /** The call label of a pattern patternOf gave. */
  callOf(route: string): CallLabel;
}

interface ManifestRoute {
  page: string;
  regex: string;
}

interface RoutesManifest {
  basePath?: string;
  caseSensitive?: boolean;
  staticRoutes?: ManifestRoute[];
  dynamicRoutes?: ManifestRoute[];
}

/** Next's own files, by what they are: their names are build hashes and image addresses. */
function nextFilePattern(pathname: string): string {
  if (pathname.startsWith("/_next/static/")) return "/_next/static";
  if (pathname.startsWith("/_next/image")) return "/_next/image";
  return "/_next";
}

/** A page's data for client navigation (/en/editor.rsc, /en/editor.segments/….segment.rsc) counts as the page. */
function withoutRscSuffix(pathname: string): string {
  const segments = pathname.indexOf(".segments/");
  const page = segments >= 0 ? pathname.slice(0, segments) : pathname;
  return page.endsWith(".rsc") ? page.slice(0, -".rsc".length) : page;
}

/**
 * The patterns of a routes manifest (.next/routes-manifest.json): static pages by name, dynamic ones in
 * Next's order. A path that is one of `calls` (the tools' call addresses) and that some route takes is
 * counted under that address: a short list, so the series stay bounded.
 */
export function routePatternsFrom(manifest: RoutesManifest, calls: readonly string[] = callPathsOf()): RoutePatterns {
  const caseSensitive = manifest.caseSensitive ?? false;
  const fold = (value: string) => (caseSensitive ? value : value.toLowerCase());
  const basePath = manifest.basePath ?? "";
  const statics = new Map((manifest.staticRoutes ?? []).map((route) => [fold(route.page), route.page]));
  const dynamics = (manifest.dynamicRoutes ?? []).map((route) => ({ page: route.page, regex: new RegExp(route.regex, caseSensitive ? "" : "i") }));
  const callPaths = new Map(calls.map((call) => [fold(call), call]));
  const callRoutes = new Set(calls);
  return {
    patternOf(url) {
      let pathname = url.split("?", 1)[0]!;
      if (pathname.length > LONGEST_PATH || !pathname.startsWith("/")) return UNMATCHED;
      if (basePath) {
        if (pathname !== basePath && !pathname.startsWith(`${basePath}/`)) return UNMATCHED;
        pathname = pathname.slice(basePath.length) || "/";
      }
      if (pathname.startsWith("/_next/")) return nextFilePattern(pathname);
      if (pathname === "/") return "/";
      pathname = withoutRscSuffix(pathname);
      const key = fold(pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname);
      const page = statics.get(key) ?? dynamics.find((route) => route.regex.test(pathname))?.page;
      if (!page) return UNMATCHED;
      return callPaths.get(key) ?? page;
    },
    callOf: (route) => (callRoutes.has(route) ? "image" : "other"),
  };
}

/** The build's patterns; without a build (a manifest not written yet) every request is "unmatched", and the log says why. */
export async function loadRoutePatterns(distDir: string): Promise<RoutePatterns> {
  for (const file of [path.join(distDir, "routes-manifest.json"), path.join(distDir, "dev", "routes-manifest.json")]) {
    const text = await readFile(file, "utf8").catch(() => null);
    if (text === null) continue;
    const manifest = JSON.parse(text) as RoutesManifest;
    // A Next that wrote its manifest another way would leave every request unmatched: say so at start.
    if (!manifest.staticRoutes?.length && !manifest.dynamicRoutes?.length)
      log.warn({ file }, "the routes manifest lists no routes: request metrics count every path as unmatched");
    return routePatternsFrom(manifest);
  }
  log.warn({ distDir }, "no routes manifest: request metrics count every path as unmatched");
  return routePatternsFrom({});
}

export function methodLabel(method: string | undefined): string {
  return method && METHODS.has(method) ? method : "other";
}

export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** Wraps a Node request handler so each answer's duration is recorded when its response closes. */
export function measureRequests<Result>(
  handle: (request: IncomingMessage, response: ServerResponse) => Result,
  patterns: RoutePatterns,
  recorder: Pick<MetricsRecorder, "httpRequest">,
): (request: IncomingMessage, response: ServerResponse) => Result {
  return (request, response) => {
    const startedAt = performance.now();
    // Next may rewrite request.url while it answers (locales); the address asked for is the one counted.
    const url = request.url ?? "/";
    response.once("close", () => {
      const route = patterns.patternOf(url);
      const seconds = (performance.now() - startedAt) / 1000;
      recorder.httpRequest(route, patterns.callOf(route), methodLabel(request.method), statusClass(response.statusCode), seconds);
    });
    return handle(request, response);
  };
}
