// A fake of Stripe's HTTP API on 127.0.0.1 for the calls Pictura makes (customers, prices,
// subscriptions, payment intents), answering in Stripe's JSON shapes and error format, plus
// webhook events signed with Stripe's real scheme (HMAC-SHA256 over "{timestamp}.{payload}").
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";

type Json = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  query: Json;
  body: Json;
  idempotencyKey: string | undefined;
}

/** Decodes Stripe's form encoding: `items[0][price]=x&expand[0]=y&metadata[a]=b`. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[index + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export function signStripePayload(payload: string, secret: string, timestamp = now()): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly paymentIntents = new Map<string, Json>();
  private server: Server | null = null;
  private failures: { method: string; path: string; status: number; message: string }[] = [];

  constructor(readonly secretKey = "sk_test_fake_pictura") {}

  get baseUrl(): string {
    return loopbackOrigin(this.server, "Stripe");
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await listenOnLoopback(this.server, port);
    return this;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
    this.server = null;
  }

  /** The next call to `method path` answers `status` with a Stripe error. */
  failNext(method: string, path: string, status: number, message: string): void {
    this.failures.push({ method, path, status, message });
  }

  requestsTo(method: string, path: string): RecordedRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  /** A webhook event as Stripe would send it, and its Stripe-Signature header. */
  event(type: string, object: Json, secret: string, eventId = id("evt")): { payload: string; signature: string; eventId: string } {
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    return { payload, signature: signStripePayload(payload, secret), eventId };
  }

  /**
   * The invoice Stripe marks paid when a subscription's payment succeeds: the price's amount and
   * currency, less `discountCents` when a coupon applies (amount_paid is what was charged).
   */
  paidInvoiceFor(subscriptionId: string, options: { invoiceId?: string; discountCents?: number } = {}): Json {
    const subscription = this.subscriptions.get(subscriptionId);
    const price = subscription ? (subscription.items as { data: { price: { unit_amount: number; currency: string } }[] }).data[0]!.price : null;
    const subtotal = price ? Number(price.unit_amount) : 0;
    const discount = Math.min(options.discountCents ?? 0, subtotal);
    const start = now();
    return {
      id: options.invoiceId ?? id("in"),
      object: "invoice",
      status: "paid",
      customer: subscription?.customer ?? null,
      currency: price?.currency ?? "usd",
      subtotal,
      total_discount_amounts: discount ? [{ amount: discount, discount: id("di") }] : [],
      total: subtotal - discount,
      amount_due: subtotal - discount,
      amount_paid: subtotal - discount,
      amount_remaining: 0,
      period_start: start,
      period_end: start,
      lines: { object: "list", data: [{ id: id("il"), object: "line_item", period: { start, end: start + 30 * 86400 } }] },
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: subscription?.metadata ?? {} },
      },
    };
  }

  /** The payment intent as Stripe reports it once paid: succeeded, its whole amount received. */
  succeededIntent(intentId: string): Json {
    const intent = this.paymentIntents.get(intentId);
    if (!intent) throw new Error(`No such payment intent: ${intentId}`);
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    return { ...intent };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = parseStripeForm(Buffer.concat(chunks).toString("utf8"));
    const query = parseStripeForm(url.search.slice(1));
    const method = request.method ?? "GET";
    this.requests.push({ method, path: url.pathname, query, body, idempotencyKey: request.headers["idempotency-key"] as string | undefined });

    const send = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      response.end(JSON.stringify(value));
    };
    const fail = (status: number, message: string, code?: string) =>
      send(status, { error: { type: status === 401 ? "invalid_request_error" : status >= 500 ? "api_error" : "invalid_request_error", message, code } });

    if (request.headers.authorization !== `Bearer ${this.secretKey}`) return fail(401, "Invalid API Key provided.");
    const failure = this.failures.findIndex((item) => item.method === method && item.path === url.pathname);
    if (failure >= 0) {
      const [item] = this.failures.splice(failure, 1);
      return fail(item!.status, item!.message);
    }
    const route = `${method} ${url.pathname.replace(/\/(cus|sub|pi|price)_[0-9a-f]+$/, "/:id")}`;
    const pathId = url.pathname.split("/").pop()!;

    switch (route) {
      case "POST /v1/customers": {
        const customer = { id: id("cus"), object: "customer", email: body.email, name: body.name, metadata: body.metadata ?? {} };
        this.customers.set(customer.id, customer);
        return send(200, customer);
      }
      case "GET /v1/prices": {
        const keys = Object.values((query.lookup_keys as Json) ?? {});
        const data = [...this.prices.values()].filter((price) => keys.includes(price.lookup_key) && price.active);
        return send(200, { object: "list", url: "/v1/prices", has_more: false, data });
      }
      case "POST /v1/prices": {
        const productData = body.product_data as Json | undefined;
        if (!body.currency || !body.unit_amount || !productData?.name) return fail(400, "Missing required param: currency, unit_amount or product_data.");
        const price = {
          id: id("price"),
          object: "price",
          active: true,
          currency: body.currency,
          unit_amount: Number(body.unit_amount),
          lookup_key: body.lookup_key ?? null,
          recurring: body.recurring ? { interval: (body.recurring as Json).interval, interval_count: 1 } : null,
          product: id("prod"),
          type: body.recurring ? "recurring" : "one_time",
        };
        this.prices.set(price.id, price);
        return send(200, price);
      }
      case "POST /v1/subscriptions": {
        const customer = this.customers.get(String(body.customer));
        if (!customer) return fail(400, `No such customer: '${String(body.customer)}'`, "resource_missing");
        const items = (body.items as Json[] | undefined) ?? [];
        const price = this.prices.get(String(items[0]?.price));
        if (!price) return fail(400, `No such price: '${String(items[0]?.price)}'`, "resource_missing");
        const paymentIntentId = id("pi");
        const invoice = {
          id: id("in"),
          object: "invoice",
          status: "open",
          amount_due: price.unit_amount,
          confirmation_secret: { type: "payment_intent", client_secret: `${paymentIntentId}_secret_${randomBytes(8).toString("hex")}` },
        };
        const expand = Object.values((body.expand as Json) ?? {});
        const subscription = {
          id: id("sub"),
          object: "subscription",
          customer: customer.id,
          status: body.payment_behavior === "default_incomplete" ? "incomplete" : "active",
          metadata: body.metadata ?? {},
          items: { object: "list", data: [{ id: id("si"), object: "subscription_item", price }] },
          latest_invoice: expand.includes("latest_invoice.confirmation_secret") ? invoice : invoice.id,
        };
        this.subscriptions.set(subscription.id, subscription);
        return send(200, subscription);
      }
      case "POST /v1/subscriptions/:id": {
        const subscription = this.subscriptions.get(pathId);
        if (!subscription) return fail(404, `No such subscription: '${pathId}'`, "resource_missing");
        if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === "true";
        return send(200, subscription);
      }
      case "DELETE /v1/subscriptions/:id": {
        const subscription = this.subscriptions.get(pathId);
        if (!subscription) return fail(404, `No such subscription: '${pathId}'`, "resource_missing");
        subscription.status = "canceled";
        return send(200, subscription);
      }
      case "POST /v1/payment_intents": {
        if (!body.amount || !body.currency) return fail(400, "Missing required param: amount.");
        const intentId = id("pi");
        const intent = {
          id: intentId,
          object: "payment_intent",
          amount: Number(body.amount),
          currency: body.currency,
          customer: body.customer ?? null,
          metadata: body.metadata ?? {},
          status: "requires_payment_method",
          amount_received: 0,
          client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
        };
        this.paymentIntents.set(intentId, intent);
        return send(200, intent);
      }
      default:
        return fail(404, `Unrecognized request URL (${method}: ${url.pathname}).`);
    }
  }
}
