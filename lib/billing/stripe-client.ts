// The Stripe API client for the configured key; STRIPE_API_BASE points it at another host (a local
// fake in tests).
import "server-only";
import Stripe from "stripe";
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
    clients.set(cacheKey, client);
  }
  return client;
}
