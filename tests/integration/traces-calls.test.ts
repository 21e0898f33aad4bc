// The spans of calls that leave the site besides the image providers': each HTTP call to Stripe, as a
// client span of the request that made it, with its method, path and status; and each webhook
// delivery attempt, with the status its receiver answered and marked failed when it was refused.
// The SDK runs in this process, its spans kept in memory instead of sent (traces.test.ts sends them).
import { SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { ReadableSpan, SpanExporter } from "@opentelemetry/sdk-trace-node";
import { POST as createSubscription } from "@/app/api/create-subscription/route";
import { db } from "@/lib/db";
import { requestCancel } from "@/lib/jobs/cancel";
import type { Tracing } from "@/lib/observability/tracing";
import { startTracingSdk } from "@/lib/observability/tracing-sdk";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { WEBHOOK_RETRY_LIMIT } from "@/lib/webhooks/queue";
import { FakeStripe } from "../fakes/stripe-server";
import { setSettings } from "../setup/settings";
import { apiRequest, signedInUser } from "./helpers";
import { createWebhook, queuedGeneration, receiver, withLoopbackReceivers } from "./webhook-helpers";

const stripe = new FakeStripe();
const finished: ReadableSpan[] = [];
let tracing: Tracing;

const kept: SpanExporter = {
  export(spans, done) {
    finished.push(...spans);
    done({ code: 0 });
  },
  shutdown: () => Promise.resolve(),
};

withLoopbackReceivers();

beforeAll(async () => {
  await stripe.start();
  tracing = startTracingSdk("pictura-web", kept);
});

afterAll(async () => {
  await tracing.shutdown();
  trace.disable();
  await stripe.stop();
});

const ms = ([seconds, nanoseconds]: [number, number]) => seconds * 1000 + nanoseconds / 1e6;

/** Runs `work` in a server span standing in for the route's (Next records that one in a running server). */
function asRequest<T>(name: string, work: () => Promise<T>): Promise<{ result: T; spanId: string; traceId: string }> {
  return trace.getTracer("next.js").startActiveSpan(name, { kind: SpanKind.SERVER }, async (span) => {
    try {
      return { result: await work(), ...span.spanContext() };
    } finally {
      span.end();
    }
  });
}

it("records each Stripe call as a client span of the request that made it", async () => {
  setSettings({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_PUBLISHABLE_KEY: "pk_test_fake_pictura", STRIPE_API_BASE: stripe.baseUrl });
  const { cookie } = await signedInUser();
  const { result, spanId, traceId } = await asRequest("POST /api/create-subscription", () =>
    createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } })),
  );
  expect(result.status).toBe(200);
  await tracing.flush();

  const calls = finished.filter((span) => span.spanContext().traceId === traceId && span.name.startsWith("Stripe "));
  expect(calls.map((span) => `${span.name} ${String(span.attributes["url.path"])}`)).toEqual(
    expect.arrayContaining(["Stripe POST /v1/customers", "Stripe POST /v1/subscriptions"]),
  );
  const request = finished.find((span) => span.spanContext().spanId === spanId)!;
  for (const call of calls) {
    expect(call.kind).toBe(SpanKind.CLIENT);
    expect(call.parentSpanContext?.spanId).toBe(spanId);
    expect(call.attributes["http.response.status_code"]).toBe(200);
    // Stripe reports the call once answered, with its own start and end (in whole milliseconds).
    expect(ms(call.startTime)).toBeGreaterThanOrEqual(ms(request.startTime) - 1);
    expect(ms(call.endTime)).toBeLessThanOrEqual(ms(request.endTime) + 1);
  }
});

it("records each webhook delivery attempt with its receiver's answer, failed when refused", async () => {
  const hook = await receiver({ answers: [500, 500] });
  try {
    const { user, cookie } = await signedInUser();
    const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
    // The delivery row is made here, without its queue job: the attempts are made as the queue would.
    await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { events: [] } });
    const operation = await queuedGeneration(user.id, "a heron", 3);
    await requestCancel(operation);
    const delivery = await db.webhookDelivery.create({
      data: { endpointId: endpoint.id, eventId: "evt_traced", type: "operation.canceled", operationId: operation.id },
    });

    await expect(attemptDelivery(delivery.id, 0)).rejects.toThrow("The receiver answered 500.");
    // The last retry's refusal is final: nothing thrown, the attempt still marked failed.
    await attemptDelivery(delivery.id, WEBHOOK_RETRY_LIMIT);
    await db.webhookDelivery.update({ where: { id: delivery.id }, data: { status: "retrying" } });
    await attemptDelivery(delivery.id, 0);
    await tracing.flush();

    const attempts = finished.filter((span) => span.name === "webhook delivery" && span.attributes["pictura.webhook.delivery_id"] === delivery.id);
    expect(attempts.map((span) => [span.attributes["pictura.webhook.attempt"], span.attributes["http.response.status_code"], span.status.code])).toEqual([
      [1, 500, SpanStatusCode.ERROR],
      [WEBHOOK_RETRY_LIMIT + 1, 500, SpanStatusCode.ERROR],
      [1, 200, SpanStatusCode.UNSET],
    ]);
    expect(attempts.every((span) => span.kind === SpanKind.CLIENT)).toBe(true);
  } finally {
    await hook.close();
  }
});
