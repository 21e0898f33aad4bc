// The start-up checks of a Node.js server (instrumentation.ts loads this file only there): a missing
// or invalid setting (APP_URL in production, a short AUTH_SECRET, no trustworthy source of client
// addresses under a plain `next start`, a live Stripe key in a preview, a Content Credentials signing
// key that does not fit its certificate) stops the process with the variable's name, before any request. And what becomes of an error Next caught while answering.
import type { Instrumentation } from "next";
import { reportError } from "./lib/observability/errors";
import { logger } from "./lib/observability/log";
import { REQUEST_ID_HEADER } from "./lib/observability/request-context";

const log = logger("server");
/** True when the server may start; otherwise the process exits (false where exit is mocked, in tests). */
export async function checkStartup(): Promise<boolean> {
  try {
    const { env } = await import("./lib/env");
    // Its checks include a preview's: no live Stripe key in any variable (lib/preview/live-keys.ts).
    env();
    const { assertClientIpSource, warnAboutOriginExposure } = await import("./lib/http/client-ip-source");
    assertClientIpSource();
    // A believed header is only as good as the firewall in front of the origin: said once, at start.
    warnAboutOriginExposure();
    // The web tier signs nothing itself, but it is where a deploy is first seen: a bad key stops it too.
    const { assertC2paSigningSettings } = await import("./lib/provenance/c2pa-identity");
    assertC2paSigningSettings();
    const { siteSettings } = await import("./lib/settings/site");
    const { preview } = siteSettings();
    if (preview) {
      const { billingMode } = await import("./lib/billing/config");
      const payments = billingMode() === "stripe" ? "Stripe's test mode" : "the sandbox";
      log.info(`Preview ${preview.name ?? "(unnamed)"}: not indexed, payments through ${payments}, ${preview.password ? "password asked" : "no password"}`);
    }
    return true;
  } catch (error) {
    // `next start` only logs a failed register() and then answers every request with a 500: exit
    // instead, with one message that names the setting. It goes to standard error as plain text, not
    // through the logger: whoever deploys must read it whatever LOG_LEVEL says, and before any log
    // collection is working.
    console.error(`Pictura cannot start. ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
    return false;
  }
}

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT, starts the OpenTelemetry SDK as pictura-web: Next then records a
 * span for each request, and ours (the charge and enqueue, Stripe calls) sit under it. Unset, the SDK
 * is not loaded (lib/observability/tracing.ts).
 */
export async function startWebTracing(): Promise<void> {
  const { startTracing } = await import("./lib/observability/tracing");
  await startTracing("pictura-web");
}

const SWEEP_INTERVAL_MS = 30_000;

/**
 * With JOBS_INLINE there may be no worker, whose sweeper would settle an operation this process left
 * unfinished (it was killed mid-job), send webhook retries, or end granted plans at their end date: a
 * long-running server does these itself.
 * On a platform whose functions sleep between requests, the cleanup cron (/api/cron/cleanup) sweeps
 * as well, and webhooks go out after each inline job.
 */
export async function sweepWhenJobsRunInline(): Promise<void> {
  const { env } = await import("./lib/env");
  if (!env().JOBS_INLINE) return;
  const { sweepStuckOperations } = await import("./lib/jobs/sweeper");
  const { drainWebhookDeliveries } = await import("./lib/webhooks/drain");
  const { lapseGrantedPlans } = await import("./lib/admin/plan-grants");
  const sweep = () => {
    void sweepStuckOperations().catch((error: unknown) => log.error({ err: error }, "sweep failed"));
    // A plan granted from the console ends at its end date: a worker would end it, and there may be none.
    void lapseGrantedPlans().catch((error: unknown) => log.error({ err: error }, "lapsing granted plans failed"));
    // Webhook retries come due between requests: nothing else would send them here.
    void drainWebhookDeliveries().catch((error: unknown) => log.error({ err: error }, "webhook deliveries failed"));
  };
  setInterval(sweep, SWEEP_INTERVAL_MS).unref();
  sweep();
}

/**
 * An error Next caught in a page, a route, a server action or the proxy (instrumentation.ts's
 * onRequestError): one log line and one error report, both with the request's id, which server.ts
 * put in the request's X-Request-Id header. The path is scrubbed like every line (tokens in links).
 */
export function reportRequestError(...[error, request, context]: Parameters<Instrumentation.onRequestError>): void {
  const header = request.headers[REQUEST_ID_HEADER];
  const requestId = (Array.isArray(header) ? header[0] : header) || undefined;
  const where = `${request.method} ${context.routePath}`;
  log.error(
    { err: error, requestId, method: request.method, path: request.path, routePath: context.routePath, routeType: context.routeType },
    "request failed",
  );
  reportError(error, { where, ...(requestId ? { requestId } : {}) });
}
