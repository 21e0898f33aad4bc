// Request metrics count an answer under its route's pattern from the build's routes manifest, never
// its address: ids, locales, page data and Next's hashed files fold into their pattern, and whatever
// no route matches is "unmatched". A tool's call keeps its own address, and its label says it is image
// work, even when a dynamic route serves it.
import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { measureRequests, methodLabel, routePatternsFrom, statusClass, UNMATCHED } from "@/lib/observability/metrics-http";
import { callPathsOf } from "@/lib/tools/derive";
import { toolCallsOf } from "@/lib/tools/server-facts";
import manifest from "../fixtures/next-build/routes-manifest.json";

const { patternOf } = routePatternsFrom(manifest);

it.each([
  ["/api/credits/balance", "/api/credits/balance"],
  ["/api/credits/balance/", "/api/credits/balance"],
  ["/api/credits/balance?after=cursor-123", "/api/credits/balance"],
  ["/API/Credits/Balance", "/api/credits/balance"],
  ["/api/operations/5b0e7c2e-6d7c-4a8e-9a55-0c1d2e3f4a5b", "/api/operations/[id]"],
  ["/api/operations/op_123/cancel", "/api/operations/[id]/cancel"],
  ["/api/webhook-endpoints/we_1/deliveries/del_2/resend", "/api/webhook-endpoints/[id]/deliveries/[deliveryId]/resend"],
  ["/api/auth/callback/google", "/api/auth/[...nextauth]"],
  ["/fr/editor/proj_42", "/[locale]/editor/[projectId]"],
  ["/de", "/[locale]"],
  ["/de/background-removal.rsc", "/[locale]/background-removal"],
  ["/de/background-removal.segments/_tree.segment.rsc", "/[locale]/background-removal"],
  ["/en/some/page/nobody/made", "/[locale]/[...rest]"],
  ["/", "/"],
  ["/robots.txt", "/robots.txt"],
  ["/_next/static/chunks/a1b2c3.js", "/_next/static"],
  ["/_next/image?url=%2Fx.png&w=640&q=75", "/_next/image"],
  ["/_next/webpack-hmr", "/_next"],
])("counts %s as %s", (url, pattern) => {
  expect(patternOf(url)).toBe(pattern);
});

it("counts an address no route takes, or one too long to be an address of ours, as unmatched", () => {
  expect(patternOf("*")).toBe(UNMATCHED);
  expect(patternOf(`/en/${"x".repeat(5_000)}`)).toBe(UNMATCHED);
  expect(routePatternsFrom({}).patternOf("/api/credits/balance")).toBe(UNMATCHED);
});

it("takes a base path off before matching, and leaves addresses outside it unmatched", () => {
  const under = routePatternsFrom({ ...manifest, basePath: "/studio" });
  expect(under.patternOf("/studio/api/operations/op_1")).toBe("/api/operations/[id]");
  expect(under.patternOf("/api/operations/op_1")).toBe(UNMATCHED);
});

it("labels methods and statuses from short fixed lists", () => {
  expect([methodLabel("GET"), methodLabel("PROPFIND"), methodLabel(undefined)]).toEqual(["GET", "other", "other"]);
  expect([statusClass(204), statusClass(404), statusClass(503), statusClass(0)]).toEqual(["2xx", "4xx", "5xx", "other"]);
});

describe("the tools' calls", () => {
  const calls = callPathsOf();
  // The tools one segment under /api moved behind one dynamic route, listed as Next orders it: a static
  // first segment (api) before the pages' [locale].
  const oneSegment = calls.filter((call) => call.split("/").length === 3);
  const behindOneRoute = routePatternsFrom({
    ...manifest,
    staticRoutes: manifest.staticRoutes.filter((route) => !oneSegment.includes(route.page as `/api/${string}`)),
    dynamicRoutes: [{ page: "/api/[tool]", regex: "^/api/([^/]+?)(?:/)?$" }, ...manifest.dynamicRoutes],
  });

  it("are every address the public API's tool calls are at", () => {
    expect(calls).toEqual(expect.arrayContaining(toolCallsOf().map((call) => call.path)));
    expect(oneSegment.length).toBeGreaterThan(0);
  });

  it("are counted under their own address when a dynamic route serves them", () => {
    for (const call of calls) expect([call, behindOneRoute.patternOf(call)]).toEqual([call, call]);
    expect(behindOneRoute.patternOf(`${oneSegment[0]!.toUpperCase()}/?x=1`)).toBe(oneSegment[0]);
  });

  it("leave every other address of the dynamic route under its pattern", () => {
    expect(behindOneRoute.patternOf("/api/whatever")).toBe("/api/[tool]");
    expect(behindOneRoute.patternOf(`${oneSegment[0]}-and-more`)).toBe("/api/[tool]");
    expect(behindOneRoute.patternOf("/api/credits/balance")).toBe("/api/credits/balance");
  });

  it("are unmatched where no route takes them", () => {
    expect(routePatternsFrom({}).patternOf(calls[0]!)).toBe(UNMATCHED);
  });

  it("are labelled image, and every other pattern other", () => {
    for (const call of calls) expect([call, behindOneRoute.callOf(behindOneRoute.patternOf(call))]).toEqual([call, "image"]);
    for (const url of ["/api/whatever", "/api/credits/balance", "/api/operations/op_1", "/en/upscale", "/nowhere/at/all", "/_next/static/x.js"])
      expect([url, behindOneRoute.callOf(behindOneRoute.patternOf(url))]).toEqual([url, "other"]);
  });
});

it("records each answer with its route, call label, method and status class", () => {
  const recorded: unknown[][] = [];
  const handle = measureRequests(() => undefined, routePatternsFrom(manifest), { httpRequest: (...args) => void recorded.push(args) });
  const answer = (url: string, method: string, status: number) => {
    const response = Object.assign(new EventEmitter(), { statusCode: status });
    handle({ url, method } as IncomingMessage, response as unknown as ServerResponse);
    response.emit("close");
  };
  answer(`${callPathsOf()[0]}?async=1`, "POST", 202);
  answer("/api/credits/balance", "GET", 200);
  expect(recorded.map((args) => args.slice(0, 4))).toEqual([
    [callPathsOf()[0], "image", "POST", "2xx"],
    ["/api/credits/balance", "other", "GET", "2xx"],
  ]);
});
