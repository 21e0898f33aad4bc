/**
 * @jest-environment node
 */
// Addresses Next's router cannot decode end in a 500 there, before any route or page runs; the proxy
// sees them first: a call gets a 400, a page address is sent to one that decodes (and shows the 404
// page), and the language rewrite never hands the router an address it cannot decode.
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { NextRequest } from "next/server";
import proxy, { config } from "@/proxy";

const call = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

describe("the proxy and broken percent-escapes", () => {
  it("sees every address with an escape, calls and Next's files included, and leaves plain calls alone", () => {
    for (const url of ["/api/files/%E0%A4%A", "/_next/static/%ZZ", "/es/%C0%AF", "/%"]) expect(unstable_doesMiddlewareMatch({ config, url })).toBe(true);
    expect(unstable_doesMiddlewareMatch({ config, url: "/api/credits/balance" })).toBe(false);
  });

  it("answers a call whose escapes do not decode with 400 invalid_path", async () => {
    const response = await call("/api/files/%E0%A4%A");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_path" });
  });

  it("lets a call with a valid escape through untouched", async () => {
    const response = await call("/api/files/%41bc");
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });

  it("sends a page address that does not decode to the same address escaped, which decodes", async () => {
    const response = await call("/es/fotos%E0%A4%A");
    expect(response.status).toBe(308);
    const location = new URL(response.headers.get("location")!);
    expect(location.pathname).toBe("/es/fotos%25E0%25A4%25A");
    expect(decodeURIComponent(location.pathname)).toBe("/es/fotos%E0%A4%A");
  });

  it("keeps the language rewrite of an address holding %25 decodable", async () => {
    const cases: [string, string][] = [
      ["/es/100%25", "/es/100%25"],
      ["/100%25", "/en/100%25"],
      ["/es/fotos%25E0%25A4%25A", "/es/fotos%25E0%25A4%25A"],
    ];
    for (const [path, rewritten] of cases) {
      const target = (await call(path)).headers.get("x-middleware-rewrite");
      expect(target && new URL(target).pathname).toBe(rewritten);
    }
  });
});
