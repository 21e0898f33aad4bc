// The table of calls an API key may make names real routes and methods, and matches only those.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { findKeyCall, KEY_CALLS } from "@/lib/api/key-calls";

describe("calls an API key may make", () => {
  it.each(KEY_CALLS.map((call) => [call.method, call.path] as const))("%s %s is a route with that method", (method, apiPath) => {
    const file = path.join(process.cwd(), "app", apiPath.replace(/^\//, "").replace(/\{([^}]+)\}/g, "[$1]"), "route.ts");
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8")).toMatch(new RegExp(`export const ${method}\\b`));
  });

  it("matches a path's own segments only, and HEAD as GET", () => {
    expect(findKeyCall("POST", "/api/flux/generate")?.spends).toBe(true);
    expect(findKeyCall("GET", "/api/operations/abc123")?.path).toBe("/api/operations/{id}");
    expect(findKeyCall("GET", "/api/operations/abc123/events")?.path).toBe("/api/operations/{id}/events");
    expect(findKeyCall("HEAD", "/api/files/abc")?.path).toBe("/api/files/{id}");
    expect(findKeyCall("GET", "/api/flux/generate")).toBeNull();
    expect(findKeyCall("POST", "/api/keys")).toBeNull();
    expect(findKeyCall("GET", "/api/operations/a/b/c")).toBeNull();
    expect(findKeyCall("GET", "/api/credits/balance/extra")).toBeNull();
  });
});
