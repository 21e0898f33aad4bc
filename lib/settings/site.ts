// What kind of site this deployment is, and what that implies, decided in one place: a preview of a
// change (APP_ENV=preview, or the platform's own flag: Vercel's VERCEL_ENV=preview, Render's
// IS_PULL_REQUEST=true) is not indexed, takes sandbox payments unless it has Stripe's test keys, keeps
// its mail in an outbox and lets reviewers sign in as seeded accounts. Code reads the setting it
// means (indexable, payments, mailOutbox, reviewers), never the mode.
// Needs no secret and no database: it is read while Next builds (next.config.ts, static pages such as
// robots.txt), by the proxy, by server.ts and at run time alike, all from the same variables.
import { environment, environmentVersion } from "./source";

export type PaymentMode = "stripe" | "sandbox" | "unavailable";

export interface PreviewSettings {
  /** What the banner shows: PREVIEW_NAME, else the branch the platform built. */
  name: string | null;
  /** The password every visitor must give once (PREVIEW_PASSWORD), or null when none is asked. */
  password: string | null;
  /** The production site's origin (PRODUCTION_URL), which canonical and hreflang links point at. */
  productionOrigin: string | null;
}

export interface SiteSettings {
  /** NODE_ENV=production. */
  production: boolean;
  /** Set in a preview of a change, null anywhere else. */
  preview: PreviewSettings | null;
  /** Whether search engines may index the site (robots.txt, the sitemap, the X-Robots-Tag header). */
  indexable: boolean;
  /**
   * Whether the sandbox, which charges nothing, may take payments when no Stripe key is set: outside
   * production always; in production with BILLING_SANDBOX=true (demos) or in a preview.
   */
  sandboxPayments: boolean;
  /** Stripe when STRIPE_SECRET_KEY is set, else the sandbox where allowed, else no payments at all. */
  payments: PaymentMode;
  /** Mail goes to the outbox (lib/preview/outbox.ts) instead of anyone's inbox, even with SMTP_URL set. */
  mailOutbox: boolean;
  /** "Sign in as reviewer" to the seeded account of a plan is offered. */
  reviewers: boolean;
}

/** Every variable read here besides NODE_ENV, BILLING_SANDBOX and STRIPE_SECRET_KEY: tests clear them. */
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

type Variables = Readonly<Record<string, string | undefined>>;

const text = (value: string | undefined): string | null => value?.trim() || null;

function originOf(value: string | null): string | null {
  if (!value) return null;
  const parsed = URL.parse(value);
  return parsed && /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
}

function previewOf(variables: Variables): PreviewSettings | null {
  const flagged = text(variables.APP_ENV) === "preview" || text(variables.VERCEL_ENV) === "preview" || text(variables.IS_PULL_REQUEST) === "true";
  if (!flagged) return null;
  return {
    name: text(variables.PREVIEW_NAME) ?? text(variables.VERCEL_GIT_COMMIT_REF) ?? text(variables.RENDER_GIT_BRANCH),
    password: text(variables.PREVIEW_PASSWORD),
    productionOrigin: originOf(text(variables.PRODUCTION_URL)),
  };
}

/** The site settings `variables` imply. */
export function siteSettingsOf(variables: Variables): SiteSettings {
  const production = text(variables.NODE_ENV) === "production";
  const preview = previewOf(variables);
  const sandboxPayments = !production || text(variables.BILLING_SANDBOX) === "true" || preview !== null;
  return {
    production,
    preview,
    indexable: preview === null,
    sandboxPayments,
    payments: text(variables.STRIPE_SECRET_KEY) ? "stripe" : sandboxPayments ? "sandbox" : "unavailable",
    mailOutbox: preview !== null,
    reviewers: preview !== null,
  };
}

let cached: { version: number; value: SiteSettings } | undefined;

/** This deployment's site settings, worked out once (and again only when a test configures others). */
export function siteSettings(): SiteSettings {
  const version = environmentVersion();
  if (cached?.version !== version) cached = { version, value: siteSettingsOf(environment()) };
  return cached.value;
}
