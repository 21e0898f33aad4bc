// Whether this deploy is a preview of a change, for reviewers: APP_ENV=preview, or the platform's own
// flag (Vercel's VERCEL_ENV=preview, Render's IS_PULL_REQUEST=true). Read from the environment as it
// is wherever the code runs, at build time (next.config.ts, static pages) and at run time alike, and
// without the rest of the configuration, which a build does not have.

/** Every variable this module reads: lib/env.ts re-validates its configuration when one changes. */
export const PREVIEW_VARIABLES = [
  "APP_ENV",
  "VERCEL_ENV",
  "IS_PULL_REQUEST",
  "PREVIEW_NAME",
  "VERCEL_GIT_COMMIT_REF",
  "RENDER_GIT_BRANCH",
  "PRODUCTION_URL",
  "PREVIEW_PASSWORD",
] as const;

export function isPreview(): boolean {
  return process.env.APP_ENV?.trim() === "preview" || process.env.VERCEL_ENV?.trim() === "preview" || process.env.IS_PULL_REQUEST?.trim() === "true";
}

/** What the preview shows, for its banner: PREVIEW_NAME, else the branch the platform built. */
export function previewName(): string | null {
  return process.env.PREVIEW_NAME?.trim() || process.env.VERCEL_GIT_COMMIT_REF?.trim() || process.env.RENDER_GIT_BRANCH?.trim() || null;
}

/** The production site's origin, which a preview's canonical and hreflang links point at when set. */
export function productionOrigin(): string | null {
  const value = process.env.PRODUCTION_URL?.trim();
  if (!value) return null;
  const parsed = URL.parse(value);
  return parsed && /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
}

/** The password every visitor of a preview must give once (PREVIEW_PASSWORD); never asked outside a preview. */
export function previewPassword(): string | null {
  if (!isPreview()) return null;
  return process.env.PREVIEW_PASSWORD?.trim() || null;
}
