// The Stripe API client for the configured key; STRIPE_API_BASE points it at another host (a local
// fake in tests).
import "server-only";
import Stripe from "stripe";
import { recordFinishedSpan } from "@/lib/observability/tracing";
import type { StripeConfig } from "./config";

const clients = new Map<string, Stripe>();

export function stripeClient(config: StripeConfig): Stripe {
  const cacheKey = `${config.secretKey}@${config.apiBase?.href ?? "stripe"}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const base = config.apiBase;
    client = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(base
        ? {
            protocol: base.protocol === "http:" ? "http" : "https",
            host: base.hostname,
            port: base.port || (base.protocol === "http:" ? 80 : 443),
          }
        : {}),
    });
    client.on("response", traceStripeCall);
    clients.set(cacheKey, client);
  }
  return client;
}

/**
 * Each HTTP call to Stripe, retries included, as a client span of the request or job that made it.
 * The path is an attribute, not the name: it holds ids, and span names are for grouping.
 */
function traceStripeCall(event: Stripe.ResponseEvent): void {
  recordFinishedSpan(`Stripe ${event.method}`, {
    attributes: {
      "http.request.method": event.method,
      "url.path": event.path,
      "http.response.status_code": event.status,
      "stripe.request_id": event.request_id,
    },
    startTime: event.request_start_time,
    endTime: event.request_end_time,
    failed: event.status >= 500,
  });
}
