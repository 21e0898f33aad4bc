// Request metrics count an answer under its route's pattern from the build's routes manifest, never
// its address: ids, locales, page data and Next's hashed files fold into their pattern, and whatever
// no route matches is "unmatched".
import { methodLabel, routePatternsFrom, statusClass, UNMATCHED } from "@/lib/observability/metrics-http";
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
