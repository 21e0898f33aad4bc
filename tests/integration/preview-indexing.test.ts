/**
 * @jest-environment node
 */
// A preview of a change is never indexed: every answer says noindex (pages through the proxy, calls
// through the route wrapper and Auth.js's handler, everything through next.config.ts when the build
// knows), robots.txt closes the site, there is no sitemap, and canonical links name the production
// site. Outside a preview none of that happens.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import { NextRequest } from "next/server";
import { GET as authGet } from "@/app/api/auth/[...nextauth]/route";
import { GET as health } from "@/app/api/health/route";
import { GET as loginRedirect } from "@/app/api/login/route";
import robots from "@/app/robots";
import sitemap from "@/app/sitemap";
import { alternates } from "@/lib/i18n/metadata";
import nextConfig from "@/next.config";
import proxy from "@/proxy";
import { apiRequest } from "./helpers";
import { previewEnv, restoreEnvAfterEach, setEnv } from "./preview-env";

restoreEnvAfterEach();

const page = (path: string) => proxy(new NextRequest(`http://localhost:3000${path}`));

async function configuredHeaders(phase: string) {
  const rules = (await nextConfig(phase).headers?.()) ?? [];
  return rules.flatMap((rule) => rule.headers.map((header) => ({ source: rule.source, ...header })));
}

describe("in a preview", () => {
  beforeEach(() => previewEnv({ PRODUCTION_URL: "https://pictura.example/" }));

  it("marks API answers, Auth.js's and the sign-in redirect's included, not to be indexed", async () => {
    for (const response of [
      await health(apiRequest("GET", "/api/health")),
      await authGet(new NextRequest("https://pr-12.preview.pictura.example/api/auth/providers")),
      await loginRedirect(apiRequest("GET", "/api/login")),
    ]) {
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    }
  });

  it("marks pages not to be indexed nor kept by shared caches, and points their hreflang Link header at the production site", () => {
    for (const response of [page("/"), page("/es/gallery"), page("/gallery")]) {
      expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
    }
    const links = page("/es/gallery").headers.get("link") ?? "";
    expect(links).toContain('<https://pictura.example/es/gallery>; rel="alternate"; hreflang="es"');
    expect(links).not.toContain("localhost");
  });

  it("closes robots.txt to every crawler and has no sitemap (404)", () => {
    expect(robots()).toEqual({ rules: { userAgent: "*", disallow: "/" } });
    expect(() => sitemap()).toThrow(expect.objectContaining({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" }));
  });

  it("points canonical and hreflang links at PRODUCTION_URL, or at APP_URL when it is unset", () => {
    expect(alternates("es", "/gallery")).toEqual({
      canonical: "https://pictura.example/es/gallery",
      languages: expect.objectContaining({
        en: "https://pictura.example/gallery",
        ja: "https://pictura.example/ja/gallery",
        "x-default": "https://pictura.example/gallery",
      }),
    });
    setEnv({ PRODUCTION_URL: undefined });
    expect(alternates("es", "/gallery")?.canonical).toBe("https://pr-12.preview.pictura.example/es/gallery");
  });

  it("sends the header from next.config.ts when the build knows, and renders every page per request when the server does", async () => {
    expect(await configuredHeaders(PHASE_PRODUCTION_BUILD)).toContainEqual({ source: "/:path*", key: "X-Robots-Tag", value: "noindex, nofollow" });
    expect(nextConfig(PHASE_PRODUCTION_SERVER).cacheHandler).toMatch(/lib\/preview\/no-page-cache\.mjs$/);
    // Plain JavaScript that Next's server imports as it is: no types to check it against.
    const handlerModule: string = "@/lib/preview/no-page-cache.mjs";
    const { default: NoPageCache } = (await import(handlerModule)) as { default: new () => { get: () => Promise<unknown> } };
    expect(await new NoPageCache().get()).toBeNull();
  });

  it("is recognised from the platforms' own flags too", () => {
    for (const flag of [{ VERCEL_ENV: "preview" }, { IS_PULL_REQUEST: "true" }]) {
      setEnv({ APP_ENV: undefined, ...flag });
      expect(page("/").headers.get("x-robots-tag")).toBe("noindex, nofollow");
      setEnv({ VERCEL_ENV: undefined, IS_PULL_REQUEST: undefined });
    }
  });
});

describe("outside a preview", () => {
  beforeEach(() =>
    setEnv({
      NODE_ENV: "production",
      APP_URL: "https://pictura.example",
      PRODUCTION_URL: "https://elsewhere.example",
      VERCEL_ENV: "production",
      // A build folder with no record of its settings: whatever build lies in .next plays no part.
      NEXT_DIST_DIR: mkdtempSync(path.join(os.tmpdir(), "pictura-build-")),
    }),
  );

  it("lets everything be indexed, with a sitemap and canonical links on APP_URL", async () => {
    expect((await health(apiRequest("GET", "/api/health"))).headers.get("x-robots-tag")).toBeNull();
    expect(page("/es/gallery").headers.get("x-robots-tag")).toBeNull();
    expect(page("/es/gallery").headers.get("cache-control")).toBeNull();
    expect(robots()).toMatchObject({ rules: { allow: "/" }, sitemap: "https://pictura.example/sitemap.xml" });
    expect(sitemap().length).toBeGreaterThan(0);
    expect(alternates("es", "/gallery")?.canonical).toBe("https://pictura.example/es/gallery");
    expect(await configuredHeaders(PHASE_PRODUCTION_BUILD)).not.toContainEqual(expect.objectContaining({ key: "X-Robots-Tag" }));
    expect(nextConfig(PHASE_PRODUCTION_SERVER).cacheHandler).toBeUndefined();
  });
});
