// Server configuration parsed once from the environment (lib/settings/source.ts) and validated, so a
// bad value fails fast with its name. Every variable lib/, app/ and components/ use is parsed here,
// or, for what a build needs without secrets, in lib/settings/site.ts. It is parsed again only when a
// test configures other settings, which changes the source's version.
import "server-only";
import { z } from "zod";
import { liveStripeKeyProblem, variablesHoldingLiveStripeKeys } from "@/lib/preview/live-keys";
import { metricsProblem, type MetricsVariable } from "@/lib/settings/metrics";
import { observabilityProblem } from "@/lib/settings/observability";
import { siteSettings } from "@/lib/settings/site";
import { environment, environmentVersion } from "@/lib/settings/source";
import { API_ACCOUNT_RATE_LIMIT_DEFAULT } from "@/lib/api/headers";
import type { TOOL_SERVER_ENTRIES } from "@/lib/tools/registry.server";
import { providerSettingsOf } from "@/lib/tools/server-facts";
import { UPSCALE_MAX_OUTPUT_PIXELS } from "@/lib/validation/limits";
import { WEBHOOK_DISABLE_AFTER_FAILURES_DEFAULT, WEBHOOK_RESEND_RATE_LIMIT_DEFAULT } from "@/lib/webhooks/events";

const optional = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const positiveNumber = z.coerce.number().positive();
/** An optional positive number: unset or blank is undefined. */
const optionalNumber = optional.transform((value, context) => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    context.addIssue({ code: "custom", message: "must be a positive number" });
    return z.NEVER;
  }
  return parsed;
});
/** Where a client address may come from; see lib/http/client-ip-source.ts. */
export const CLIENT_IP_SOURCES = ["socket", "proxy", "vercel", "cloudflare", "fly", "netlify"] as const;
export type ClientIpSource = (typeof CLIENT_IP_SOURCES)[number];

/** LOG_LEVEL, LOG_FORMAT and SENTRY_DSN: read by the logger itself (lib/settings/observability.ts), checked here. */
const observabilityVariable = (name: "LOG_LEVEL" | "LOG_FORMAT" | "SENTRY_DSN") =>
  optional.superRefine((value, context) => {
    const problem = observabilityProblem(name, value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** METRICS_PORT, WORKER_METRICS_PORT and METRICS_HOST: read by server.ts and the workers (lib/settings/metrics.ts), checked here. */
const metricsVariable = (name: MetricsVariable) =>
  optional.superRefine((value, context) => {
    const problem = metricsProblem(name, value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

const providerId = optional.pipe(z.enum(["local", "flux", "openai"], { message: "must be local, flux or openai" }).optional());

type ServerEntries = typeof TOOL_SERVER_ENTRIES;
/** A variable that picks one operation's provider (IMAGE_PROVIDER_EXPAND…): a tool names it in its registry entry. */
type ProviderSetting = {
  [Id in keyof ServerEntries]: ServerEntries[Id] extends { providerSetting: infer Setting extends string } ? Setting : never;
}[keyof ServerEntries];
/** Every provider setting the tools name (the table lib/imaging/config.ts picks providers by), each read as IMAGE_PROVIDER is. */
const providerSettings = Object.fromEntries(Object.values(providerSettingsOf()).map((setting) => [setting, providerId])) as Record<
  ProviderSetting,
  typeof providerId
>;

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (npm run dev sets it for the embedded database)"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must be at least 32 characters"),
  APP_URL: optional.pipe(z.url("APP_URL must be a full address such as https://pictura.example").optional()),
  /** Set by Next while it builds: production-only requirements apply when the server starts. */
  NEXT_PHASE: optional,
  AUTH_GOOGLE_ID: optional,
  AUTH_GOOGLE_SECRET: optional,
  AUTH_GOOGLE_ISSUER: optional,
  AUTH_APPLE_ID: optional,
  AUTH_APPLE_SECRET: optional,
  /** Apple's issuer; only tests change it, to a fake Apple on loopback. */
  AUTH_APPLE_ISSUER: optional,
  /**
   * Auth.js's redirect proxy for previews on changing hosts: the stable deployment's /api/auth (e.g.
   * https://pictura.example/api/auth), which receives every OAuth callback and forwards it to the
   * preview that started the sign-in. Set on that deployment and on the previews, with one AUTH_SECRET.
   * Auth.js reads it from the environment itself; it is checked here.
   */
  AUTH_REDIRECT_PROXY_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, message: "AUTH_REDIRECT_PROXY_URL must be an address such as https://pictura.example/api/auth" })
      .refine(
        (value) => new URL(value).pathname.replace(/\/+$/, "") === "/api/auth",
        "AUTH_REDIRECT_PROXY_URL must end in /api/auth, e.g. https://pictura.example/api/auth",
      )
      .optional(),
  ),
  /** Outgoing mail, e.g. smtp://user:pass@smtp.example.com:587 (smtps:// for TLS from the start). */
  SMTP_URL: optional.pipe(z.url("SMTP_URL must be a URL such as smtp://user:pass@smtp.example.com:587").optional()),
  /** The sender of every mail, e.g. "Pictura <no-reply@pictura.example>". */
  MAIL_FROM: optional,
  /** Holds back the trial credits until the address is verified. */
  REQUIRE_EMAIL_VERIFICATION: optional.transform((value) => value === "true"),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Local-engine jobs a worker runs at once, one process each; the CPU count when unset. */
  WORKER_CONCURRENCY: z.coerce.number().int().positive().optional(),
  /** Provider jobs (network waits) each worker process runs at once. */
  WORKER_REMOTE_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /** How long a job's worker may go silent before the job is given to another worker. */
  WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).default(30),
  /** How often a worker looks for jobs whose worker went silent, past WORKER_HEARTBEAT_SECONDS. */
  WORKER_SUPERVISE_SECONDS: z.coerce.number().int().min(1).default(5),
  /** The worker processes' CPU niceness (0–19), so a web server on the same machine stays responsive. */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  IMAGE_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /** Calls a minute each API key may make (lib/api-keys/rate-limit.ts). */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** Calls a minute one account may make with all its keys together, so a second key does not start afresh. */
  API_ACCOUNT_RATE_LIMIT: z.coerce.number().int().positive().default(API_ACCOUNT_RATE_LIMIT_DEFAULT),
  /** How long a repeat of a request with the same Idempotency-Key waits for the first before answering 409. */
  IDEMPOTENCY_WAIT_SECONDS: z.coerce.number().min(0).default(10),
  /** Taps on tap-to-select per account (and per address) in ten minutes: free, but each one is model work. */
  SEGMENT_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
  /**
   * Who tells us the client's address: the socket or TRUSTED_PROXY_HOPS proxies (npm start), or the
   * one header a platform guarantees. Unset: socket/proxy under npm start, vercel when VERCEL=1.
   */
  CLIENT_IP_SOURCE: optional.pipe(z.enum(CLIENT_IP_SOURCES, { message: `must be one of ${CLIENT_IP_SOURCES.join(", ")}` }).optional()),
  /** "1" on Vercel's builds and functions. */
  VERCEL: optional.transform((value) => value === "1"),
  /** Runs each job in the request's own process, for platforms with no worker tier. */
  JOBS_INLINE: optional.transform((value) => value === "true"),
  /**
   * Lets admins change jobs and queues from the queue view (/admin/queue: retry, cancel, delete, send);
   * unset, it only shows them.
   */
  ADMIN_QUEUE_WRITE: optional.transform((value) => value === "true"),
  /** The bearer token scheduled calls (Vercel Cron) present to /api/cron/*; unset turns them off. */
  CRON_SECRET: optional.pipe(z.string().min(16, "CRON_SECRET must be at least 16 characters").optional()),
  /** Largest image decoded, in pixels (decompression-bomb guard); also the largest image made. */
  IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(40_000_000),
  /** Largest image a guest (no account) may send, in pixels: a guest's work is free. */
  IMAGE_GUEST_MAX_PIXELS: z.coerce.number().int().positive().default(12_000_000),
  /**
   * Worker seconds a guest's network address may use in any hour, failed work included (0: no limit).
   * 120 s is about a hundred 12-megapixel conversions.
   */
  IMAGE_WORKER_SECONDS_GUEST: z.coerce.number().min(0).default(120),
  /** Worker seconds an account may use in any hour, failed work included (0: no limit); 1800 s is hundreds of tool runs. */
  IMAGE_WORKER_SECONDS_ACCOUNT: z.coerce.number().min(0).default(1800),
  /** The same for an account on a paid plan (essential, pro), whose batches of slow work (upscaling) are longer. */
  IMAGE_WORKER_SECONDS_PAID: z.coerce.number().min(0).default(3600),
  /** Largest file an image operation may produce, in bytes (estimated before any work). */
  IMAGE_MAX_OUTPUT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /**
   * Largest upscaled image, in pixels, at fast quality; high quality (about four times slower) makes
   * a quarter of it, so an upscale ends well within IMAGE_OPERATION_TIMEOUT_MS on two cores.
   */
  UPSCALE_MAX_OUTPUT_PIXELS: z.coerce.number().int().positive().default(UPSCALE_MAX_OUTPUT_PIXELS),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  /** From an operation's charge to its result, queue wait included; then it is failed and refunded. */
  IMAGE_OPERATION_TIMEOUT_MS: positiveNumber.default(180_000),
  IMAGE_PROVIDER: providerId,
  ...providerSettings,
  IMAGE_PROVIDER_MAX_RETRIES: z.coerce.number().int().min(0).default(1),
  BFL_API_KEY: optional,
  BFL_BASE_URL: optional,
  BFL_GENERATE_MODEL: optional,
  BFL_EDIT_MODEL: optional,
  BFL_FILL_MODEL: optional,
  BFL_EXPAND_MODEL: optional,
  BFL_POLL_INTERVAL_MS: optionalNumber,
  BFL_POLL_TIMEOUT_MS: optionalNumber,
  /** BFL's `safety_tolerance` on every Flux request: 0 is the strictest moderation, 6 the most permissive; BFL's default is 2. */
  BFL_SAFETY_TOLERANCE: optional.pipe(
    z.coerce
      .number<string | undefined>()
      .int("must be a whole number from 0 to 6")
      .min(0, "must be a whole number from 0 to 6")
      .max(6, "must be a whole number from 0 to 6")
      .default(2),
  ),
  /**
   * The image check of every input and result in the workers (lib/moderation/image.ts): block (the default) refuses an image
   * whose explicit score reaches MODERATION_THRESHOLD, flag keeps the result and queues it for review, off checks nothing.
   */
  MODERATION: optional.pipe(z.enum(["block", "flag", "off"], { message: "must be block, flag or off" }).default("block")),
  /** The explicit score (Porn + Hentai, 0–1) at which the image check refuses or flags an image; 0.85 unless set. */
  MODERATION_THRESHOLD: optional.pipe(
    z.coerce.number<string | undefined>().min(0, "must be a number from 0 to 1").max(1, "must be a number from 0 to 1").default(0.85),
  ),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  OPENAI_IMAGE_MODEL: optional,
  OPENAI_TIMEOUT_MS: optionalNumber,
  STORAGE_DIR: optional,
  /**
   * A folder inside the store (disk or bucket) that holds every key, e.g. previews/pr_12: each preview
   * keeps its files apart, and `npm run preview:down` deletes them with it.
   */
  STORAGE_PREFIX: optional.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/, "STORAGE_PREFIX must be folder names of a-z, 0-9, _ and - joined by /, such as previews/pr_12")
      .optional(),
  ),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: optional.transform((value) => value === "true"),
  /** Views of /api/files/{id} answer 302 to a short-lived signed S3 address, so no web server streams the bytes. */
  FILES_REDIRECT: optional.transform((value) => value === "true"),
  /**
   * A CDN in front of the bucket: public files that never expire are sent to {base}/{storage key},
   * which it may cache for ever. Its address without a trailing slash.
   */
  FILES_PUBLIC_BASE_URL: optional.pipe(
    z
      .url({ protocol: /^https?$/, message: "FILES_PUBLIC_BASE_URL must be an http(s) address such as https://cdn.pictura.example" })
      .refine((value) => !value.includes("?") && !value.includes("#"), "FILES_PUBLIC_BASE_URL must have no query or fragment")
      .transform((value) => value.replace(/\/+$/, ""))
      .optional(),
  ),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional.pipe(z.url("STRIPE_API_BASE must be a URL").optional()),
  /** Lets the payment sandbox run in production on purpose (previews, demos). */
  BILLING_SANDBOX: optional.transform((value) => value === "true"),
  /** Lets webhooks reach private, loopback and link-local addresses (development and tests only). */
  WEBHOOK_ALLOW_PRIVATE: optional.transform((value) => value === "true"),
  /** The first webhook retry's delay; each later one doubles it (6 retries over about an hour at 40). */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(40),
  /** How long one webhook attempt may wait for the receiver's answer before it counts as failed. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().default(10),
  /** Webhook attempts each worker process makes at once (they wait on other people's servers). */
  WEBHOOK_DELIVERY_CONCURRENCY: z.coerce.number().int().positive().default(8),
  /** Of those, how many one account's endpoints may hold, so a slow receiver never delays another account. */
  WEBHOOK_ACCOUNT_CONCURRENCY: z.coerce.number().int().positive().default(2),
  /** An endpoint is switched off, and its owner mailed, after this many deliveries in a row failed every retry. */
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().positive().default(WEBHOOK_DISABLE_AFTER_FAILURES_DEFAULT),
  /** Deliveries one account may resend an hour. */
  WEBHOOK_RESEND_RATE_LIMIT: z.coerce.number().int().positive().default(WEBHOOK_RESEND_RATE_LIMIT_DEFAULT),
  /**
   * The key secrets stored at rest (webhook signing secrets, authenticator app secrets) are encrypted with, through HKDF; AUTH_SECRET
   * when unset. ENCRYPTION_KEY_PREVIOUS lists retired keys (comma-separated) still accepted for reading.
   */
  ENCRYPTION_KEY: optional.pipe(z.string().min(32, "ENCRYPTION_KEY must be at least 32 characters").optional()),
  ENCRYPTION_KEY_PREVIOUS: optional.transform((value) =>
    (value ?? "")
      .split(",")
      .map((key) => key.trim())
      .filter(Boolean),
  ),
  /**
   * Content Credentials (C2PA) on PNG and JPEG results: the signing certificate's private key (PKCS#8 PEM) and its chain (PEM,
   * the signing certificate first), from a CA on the C2PA trust list. Both or neither; unset: the installation signs under its
   * own root, made at first use (lib/provenance/c2pa-identity.ts). A literal \n in a one-line value stands for a line break.
   */
  C2PA_SIGNING_KEY: optional.transform((value) => value?.replaceAll("\\n", "\n")),
  C2PA_CERT_CHAIN: optional.transform((value) => value?.replaceAll("\\n", "\n")),
  /** An RFC 3161 time-stamp authority the signatures are time-stamped by; unset: none. */
  C2PA_TSA_URL: optional.pipe(z.url({ protocol: /^https?$/, error: "C2PA_TSA_URL must be an http(s) address" }).optional()),
  /** How much is logged: fatal, error, warn, info (the default), debug, trace or silent. */
  LOG_LEVEL: observabilityVariable("LOG_LEVEL"),
  /** json (one object a line) or pretty (readable lines, the default under npm run dev). */
  LOG_FORMAT: observabilityVariable("LOG_FORMAT"),
  /** Where unexpected errors are reported (Sentry or anything that speaks its protocol); unset: nowhere. */
  SENTRY_DSN: observabilityVariable("SENTRY_DSN"),
  /** The web server's Prometheus metrics port (never the public one); unset: no metrics, nothing recorded. */
  METRICS_PORT: metricsVariable("METRICS_PORT"),
  /** The worker supervisor's metrics port: one endpoint for all its processes, their figures added up. */
  WORKER_METRICS_PORT: metricsVariable("WORKER_METRICS_PORT"),
  /** The address both metrics ports are bound to (127.0.0.1 unless set). */
  METRICS_HOST: metricsVariable("METRICS_HOST"),
  // Traces: read by the OpenTelemetry SDK itself (lib/observability/tracing.ts), checked here so a
  // mistyped value stops the process with its name instead of losing every span quietly.
  /** The OTLP/HTTP collector traces are pushed to (its /v1/traces); unset: no traces, no SDK loaded. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optional.pipe(
    z.url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) address such as http://collector:4318" }).optional(),
  ),
  /** http/protobuf (the default) or http/json; gRPC is not supported. */
  OTEL_EXPORTER_OTLP_PROTOCOL: optional.pipe(
    z.enum(["http/protobuf", "http/json"], { error: "OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf or http/json" }).optional(),
  ),
  /** Renames the service (pictura-web or pictura-worker unless set), e.g. for two deployments side by side. */
  OTEL_SERVICE_NAME: optional,
});

/** Settings that contradict each other, and what production cannot run without (every absolute URL is built from APP_URL there). */
const productionSchema = schema.superRefine((value, context) => {
  if (value.CLIENT_IP_SOURCE === "proxy" && value.TRUSTED_PROXY_HOPS < 1)
    context.addIssue({
      code: "custom",
      path: ["TRUSTED_PROXY_HOPS"],
      message: "TRUSTED_PROXY_HOPS must be 1 or more with CLIENT_IP_SOURCE=proxy (the number of proxies that append to X-Forwarded-For)",
    });
  if (value.CLIENT_IP_SOURCE === "socket" && value.TRUSTED_PROXY_HOPS > 0)
    context.addIssue({
      code: "custom",
      path: ["CLIENT_IP_SOURCE"],
      message: "CLIENT_IP_SOURCE=socket believes no proxy: use CLIENT_IP_SOURCE=proxy with TRUSTED_PROXY_HOPS, or unset TRUSTED_PROXY_HOPS",
    });
  // Redirects need a bucket to sign addresses for; on disk there is nothing to send a browser to.
  if (value.FILES_REDIRECT && !(value.S3_BUCKET && value.S3_ACCESS_KEY_ID && value.S3_SECRET_ACCESS_KEY))
    context.addIssue({
      code: "custom",
      path: ["FILES_REDIRECT"],
      message: "FILES_REDIRECT=true needs S3 storage: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or unset FILES_REDIRECT to stream files",
    });
  if (value.FILES_PUBLIC_BASE_URL && !value.FILES_REDIRECT)
    context.addIssue({
      code: "custom",
      path: ["FILES_PUBLIC_BASE_URL"],
      message: "FILES_PUBLIC_BASE_URL is used only by redirects: set FILES_REDIRECT=true (with S3 storage) or unset it",
    });
  const { preview } = siteSettings();
  // Every variable, not only those above: a live key must not reach a preview under any name.
  if (preview) {
    for (const name of variablesHoldingLiveStripeKeys(environment())) context.addIssue({ code: "custom", path: [name], message: liveStripeKeyProblem(name) });
  }
  if (preview && value.APP_URL && value.AUTH_REDIRECT_PROXY_URL && new URL(value.APP_URL).origin === new URL(value.AUTH_REDIRECT_PROXY_URL).origin)
    context.addIssue({
      code: "custom",
      path: ["APP_URL"],
      message: "APP_URL must be this preview's own address: AUTH_REDIRECT_PROXY_URL names the stable deployment, which forwards sign-ins to it",
    });
  if (value.NODE_ENV !== "production" || value.NEXT_PHASE === "phase-production-build") return;
  if (!value.APP_URL)
    context.addIssue({
      code: "custom",
      path: ["APP_URL"],
      message: "APP_URL is required in production (the site's public address, e.g. https://pictura.example)",
    });
  // A preview stores its mail in the outbox (lib/preview/outbox.ts), so verification works without SMTP.
  if (value.REQUIRE_EMAIL_VERIFICATION && !value.SMTP_URL && !siteSettings().mailOutbox)
    context.addIssue({
      code: "custom",
      path: ["SMTP_URL"],
      message: "SMTP_URL is required in production when REQUIRE_EMAIL_VERIFICATION=true (nobody could verify an address)",
    });
});

export type Env = z.infer<typeof schema>;

const STORAGE_FIELDS = {
  STORAGE_DIR: true,
  STORAGE_PREFIX: true,
  S3_BUCKET: true,
  S3_REGION: true,
  S3_ENDPOINT: true,
  S3_ACCESS_KEY_ID: true,
  S3_SECRET_ACCESS_KEY: true,
  S3_FORCE_PATH_STYLE: true,
} as const;
export type StorageEnv = Pick<Env, keyof typeof STORAGE_FIELDS>;

let cached: { version: number; value: Env } | undefined;

function problemsOf(error: z.ZodError): string {
  return `Invalid environment:\n  ${error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n  ")}`;
}

/** The parsed configuration: parsed on first use, then the same object until the settings change (tests only). */
export function env(): Env {
  const version = environmentVersion();
  if (cached?.version === version) return cached.value;
  const parsed = productionSchema.safeParse(environment());
  if (!parsed.success) throw new Error(problemsOf(parsed.error));
  cached = { version, value: parsed.data };
  return parsed.data;
}

let cachedAppUrl: { version: number; value: string | undefined } | undefined;

/**
 * APP_URL alone, without the rest of the configuration: for code that also runs while Next builds
 * (metadata, robots.txt, the sitemap), where the database and secrets need not be set.
 */
export function appUrl(): string | undefined {
  const version = environmentVersion();
  if (cachedAppUrl?.version !== version) cachedAppUrl = { version, value: schema.shape.APP_URL.parse(environment().APP_URL) };
  return cachedAppUrl.value;
}

/**
 * The database's settings alone: the Prisma client is made on first use, which may come while Next
 * builds (pages list the plans when a database is there), where no secret need be set.
 */
export function databaseEnv(): Pick<Env, "DATABASE_URL" | "DATABASE_POOL_SIZE"> {
  const parsed = schema.pick({ DATABASE_URL: true, DATABASE_POOL_SIZE: true }).safeParse(environment());
  if (parsed.success) return parsed.data;
  throw new Error(problemsOf(parsed.error));
}

/** Where files are stored, without the rest of the configuration: for scripts that manage a preview's files. */
export function storageEnv(): StorageEnv {
  return schema.pick(STORAGE_FIELDS).parse(environment());
}

export function isProduction(): boolean {
  return siteSettings().production;
}
