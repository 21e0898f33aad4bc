// A preview must never be found by a search engine: every answer it gives says so in a header.
// next.config.ts sends it when the build already knows it is a preview (Vercel, Render); a build made
// without preview mode and started with it (`next start` with APP_ENV=preview) gets it from the
// places that run on every request instead: server.ts (npm start, every answer), the proxy (pages)
// and the API wrapper (calls, lib/http/preview-guard.ts). Plain module: server.ts and next.config.ts load it
// outside Next's bundles.

export const ROBOTS_HEADER = "X-Robots-Tag";
export const NOINDEX = "noindex, nofollow";
