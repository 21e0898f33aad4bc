// Webhooks: endpoints managed by a signed-in user, and every operation's end delivered on the queue,
// signed in the Standard Webhooks format (checked here with that standard's own npm library, as a
// receiver checks), retried after a receiver was down, and resent on request.
import { GET as listEndpoints, POST as createEndpoint } from "@/app/api/webhook-endpoints/route";
import { DELETE as deleteEndpoint } from "@/app/api/webhook-endpoints/[id]/route";
import { GET as listDeliveries } from "@/app/api/webhook-endpoints/[id]/deliveries/route";
import { POST as resend } from "@/app/api/webhook-endpoints/[id]/deliveries/[deliveryId]/resend/route";
import { DELETE as deleteAccount } from "@/app/api/account/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as convert } from "@/app/api/convert-image/route";
import { GET as getOperation } from "@/app/api/operations/[id]/route";
import { db } from "@/lib/db";
import { requestCancel } from "@/lib/jobs/cancel";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { drainWebhookDeliveries } from "@/lib/webhooks/drain";
import { WEBHOOK_RETRY_LIMIT } from "@/lib/webhooks/queue";
import { newWebhookSecret } from "@/lib/webhooks/signature";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { apiRequest, sessionCookieFrom, signedInUser, uniqueEmail } from "./helpers";
import { dataUrl, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { createWebhook, params, queuedGeneration, receiver, until, withLoopbackReceivers, type Received } from "./webhook-helpers";
import { setSettings } from "../setup/settings";

jest.setTimeout(90_000);

/** An operation of the user that ended canceled (before any endpoint existed, so it queued no delivery). */
async function canceledOperation(userId: string) {
  const operation = await queuedGeneration(userId, "a hare", 4);
  await db.webhookEndpoint.updateMany({ where: { userId }, data: { events: [] } });
  await requestCancel(operation);
  await db.webhookEndpoint.updateMany({ where: { userId }, data: { events: ["operation.canceled"] } });
  return operation;
}

const create = createWebhook;

/** The event a delivery carries, verified the way a receiver verifies it; throws when it does not verify. */
function verified(delivery: Received, secret: string, body = delivery.body) {
  const headers = Object.fromEntries(Object.entries(delivery.headers).map(([name, value]) => [name, String(value)]));
  return new Webhook(secret).verify(body, headers) as { id: string; type: string };
}

/** The Standard Webhooks headers of one attempt: the event id, this attempt's time, one v1 signature. */
function expectStandardHeaders(delivery: Received, eventId: string) {
  expect(delivery.headers["webhook-id"]).toBe(eventId);
  expect(Math.abs(Number(delivery.headers["webhook-timestamp"]) - delivery.at / 1000)).toBeLessThan(2);
  expect(delivery.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  expect(delivery.headers["pictura-signature"]).toBeUndefined();
}

withLoopbackReceivers();

describe("webhook endpoints", () => {
  it("answers 201 with a whsec_ secret once, and never shows it again", async () => {
    const { cookie } = await signedInUser();
    const created = await create(cookie, { url: "https://hooks.example.com/pictura", events: ["operation.succeeded", "operation.failed"] });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ url: "https://hooks.example.com/pictura", events: ["operation.succeeded", "operation.failed"] });
    // Standard base64 of 32 random bytes, which the Standard Webhooks libraries read as the key.
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.json.secret.slice("whsec_".length), "base64")).toHaveLength(32);
    const listed = await (await listEndpoints(apiRequest("GET", "/api/webhook-endpoints", { cookie }))).json();
    expect(listed.endpoints).toEqual([
      { id: created.json.id, url: created.json.url, events: created.json.events, enabled: true, disabledAt: null, createdAt: created.json.createdAt },
    ]);
    expect(JSON.stringify(listed)).not.toContain("whsec_");
  });

  it.each([
    ["an address that is not a URL", { url: "not a url", events: ["operation.succeeded"] }, /full http\(s\) URL/],
    ["an ftp address", { url: "ftp://files.example.com/x", events: ["operation.succeeded"] }, /full http\(s\) URL/],
    ["no address", { events: ["operation.succeeded"] }, /Give the address/],
    ["an unknown event", { url: "https://hooks.example.com/x", events: ["operation.exploded"] }, /Unknown event "operation.exploded"/],
    ["no events", { url: "https://hooks.example.com/x", events: [] }, /at least one event/],
    ["events that are not a list", { url: "https://hooks.example.com/x", events: "operation.failed" }, /List the events/],
  ])("refuses %s with 400 and saves nothing", async (_name, body, message) => {
    const { user, cookie } = await signedInUser();
    const created = await create(cookie, body);
    expect(created.status).toBe(400);
    expect(created.json.error).toBe("invalid_request");
    expect(created.json.message).toMatch(message);
    expect(await db.webhookEndpoint.count({ where: { userId: user.id } })).toBe(0);
  });

  it.each([
    "http://10.0.0.1/x",
    "http://127.0.0.1:8080/x",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/x",
    "http://[::ffff:127.0.0.1]/x",
    "http://100.64.0.1/x",
    "http://0.0.0.0/x",
    "http://localhost/x",
  ])("refuses the private address %s unless WEBHOOK_ALLOW_PRIVATE=true", async (url) => {
    setSettings({ WEBHOOK_ALLOW_PRIVATE: undefined });
    const { cookie } = await signedInUser();
    const created = await create(cookie, { url, events: ["operation.succeeded"] });
    expect(created.status).toBe(400);
    expect(created.json.error).toBe("webhook_url_refused");
  });

  it("deletes the endpoints with the account, so nothing is sent once it is gone", async () => {
    const email = uniqueEmail("hooks");
    const password = "a-long-enough-password";
    const registered = await register(apiRequest("POST", "/api/auth/register", { body: { email, password, firstName: "Ada", lastName: "Lovelace" } }));
    const cookie = sessionCookieFrom(registered);
    const { json } = await create(cookie, { url: "https://hooks.example.com/x", events: ["operation.canceled"] });
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    await queuedGeneration(user.id, "an owl", 5);
    expect((await deleteAccount(apiRequest("DELETE", "/api/account", { cookie, body: { password } }))).status).toBe(200);
    expect(await db.webhookEndpoint.count({ where: { id: json.id } })).toBe(0);
    expect(await db.webhookDelivery.count({ where: { endpointId: json.id } })).toBe(0);
  });

  it("sends deliveries from the web process where no worker runs (JOBS_INLINE)", async () => {
    const hook = await receiver();
    try {
      const { user, cookie } = await signedInUser();
      const { json: endpoint } = await create(cookie, { url: hook.url, events: ["operation.canceled"] });
      const operation = await queuedGeneration(user.id, "a lynx", 6);
      await requestCancel(operation);
      expect(hook.received).toHaveLength(0);
      expect(await drainWebhookDeliveries()).toBeGreaterThanOrEqual(1);
      expect(hook.received).toHaveLength(1);
      expect(verified(hook.received[0]!, endpoint.secret)).toMatchObject({ type: "operation.canceled" });
      expect(await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } })).toMatchObject({ status: "succeeded", attempts: 1 });
    } finally {
      await hook.close();
    }
  });

  it("needs a signed-in user, and keeps each user's endpoints to themselves", async () => {
    const anonymous = await createEndpoint(
      apiRequest("POST", "/api/webhook-endpoints", { body: { url: "https://hooks.example.com/x", events: ["operation.failed"] } }),
    );
    expect(anonymous.status).toBe(401);
    const owner = await signedInUser();
    const other = await signedInUser();
    const { json } = await create(owner.cookie, { url: "https://hooks.example.com/x", events: ["operation.failed"] });
    expect((await deleteEndpoint(apiRequest("DELETE", `/api/webhook-endpoints/${json.id}`, { cookie: other.cookie }), params({ id: json.id }))).status).toBe(
      404,
    );
    expect(
      (await listDeliveries(apiRequest("GET", `/api/webhook-endpoints/${json.id}/deliveries`, { cookie: other.cookie }), params({ id: json.id }))).status,
    ).toBe(404);
    expect((await deleteEndpoint(apiRequest("DELETE", `/api/webhook-endpoints/${json.id}`, { cookie: owner.cookie }), params({ id: json.id }))).status).toBe(
      200,
    );
    expect(await db.webhookEndpoint.count({ where: { id: json.id } })).toBe(0);
  });
});

describe("deliveries", () => {
  withImageWorker();

  it("delivers a succeeded operation signed, with the operation exactly as GET /api/operations/{id} shows it", async () => {
    const hook = await receiver();
    try {
      const { cookie } = await signedInUser();
      const { json: endpoint } = await create(cookie, { url: hook.url, events: ["operation.succeeded"] });
      const response = await convert(apiRequest("POST", "/api/convert-image", { cookie, body: { image: dataUrl(photo("coffee.png")), format: "webp" } }));
      expect(response.status).toBe(200);
      const [delivery] = await until(async () => (hook.received.length > 0 ? hook.received : null), "the webhook");
      const event = JSON.parse(delivery!.body);
      expect(delivery!.headers["content-type"]).toBe("application/json");
      expect(verified(delivery!, endpoint.secret)).toEqual(event);
      expectStandardHeaders(delivery!, event.id);
      expect(() => verified(delivery!, newWebhookSecret())).toThrow(new WebhookVerificationError("No matching signature found"));
      const tampered = delivery!.body.replace("succeeded", "failed");
      expect(tampered).not.toBe(delivery!.body);
      expect(() => verified(delivery!, endpoint.secret, tampered)).toThrow(new WebhookVerificationError("No matching signature found"));
      expect(event).toMatchObject({ type: "operation.succeeded", id: expect.stringMatching(/^evt_[0-9a-f]{32}$/) });
      expect(Math.abs(event.created - Date.now() / 1000)).toBeLessThan(120);
      const operationId = event.data.operation.id as string;
      const shown = await (await getOperation(apiRequest("GET", `/api/operations/${operationId}`, { cookie }), params({ id: operationId }))).json();
      expect(event.data.operation).toEqual(shown);
      expect(shown.status).toBe("succeeded");

      const listed = await until(async () => {
        const body = await (
          await listDeliveries(apiRequest("GET", `/api/webhook-endpoints/${endpoint.id}/deliveries`, { cookie }), params({ id: endpoint.id }))
        ).json();
        return body.deliveries[0]?.status === "succeeded" ? body : null;
      }, "the delivery's status");
      expect(listed.deliveries).toEqual([
        expect.objectContaining({ eventId: event.id, type: "operation.succeeded", operationId, attempts: 1, lastStatusCode: 200 }),
      ]);
    } finally {
      await hook.close();
    }
  });

  it("retries a delivery with backoff while the receiver is down, and loses nothing", async () => {
    const hook = await receiver({ answers: [503, 503] });
    try {
      const { user, cookie } = await signedInUser();
      const { json: endpoint } = await create(cookie, { url: hook.url, events: ["operation.canceled"] });
      const operation = await queuedGeneration(user.id, "a fox", 1);
      // Canceled while still queued, before a worker takes it.
      await requestCancel(operation);
      const delivered = await until(async () => {
        const row = await db.webhookDelivery.findFirst({ where: { endpointId: endpoint.id } });
        return row?.status === "succeeded" ? row : null;
      }, "the retried delivery");
      expect(delivered.attempts).toBe(3);
      expect(hook.received).toHaveLength(3);
      const bodies = new Set(hook.received.map((entry) => entry.body));
      expect(bodies.size).toBe(1);
      const event = JSON.parse(hook.received[0]!.body);
      expect(event).toMatchObject({ type: "operation.canceled", data: { operation: { id: operation.id, status: "canceled" } } });
      // Every retry carries the same webhook-id, so a receiver can tell it is a repeat, with its own time.
      for (const entry of hook.received) {
        expect(verified(entry, endpoint.secret)).toEqual(event);
        expectStandardHeaders(entry, event.id);
      }
    } finally {
      await hook.close();
    }
  });

  it("marks a delivery failed after its last retry, and resends it on request with the same event", async () => {
    const hook = await receiver({ answers: [500, 500] });
    try {
      const { user, cookie } = await signedInUser();
      const { json: endpoint } = await create(cookie, { url: hook.url, events: ["operation.canceled"] });
      // The delivery row without its queue job: the attempts are made here, as the queue would make them.
      const delivery = await db.webhookDelivery.create({
        data: { endpointId: endpoint.id, eventId: "evt_manual", type: "operation.canceled", operationId: (await canceledOperation(user.id)).id },
      });
      await expect(attemptDelivery(delivery.id, 0)).rejects.toThrow("The receiver answered 500.");
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
        status: "retrying",
        attempts: 1,
        lastStatusCode: 500,
      });
      // The last retry's failure is final: no throw, so the queue does not try again.
      await attemptDelivery(delivery.id, WEBHOOK_RETRY_LIMIT);
      expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "failed", attempts: 2 });

      const resent = await resend(
        apiRequest("POST", `/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/resend`, { cookie }),
        params({ id: endpoint.id, deliveryId: delivery.id }),
      );
      expect(resent.status).toBe(200);
      expect(await resent.json()).toMatchObject({ id: delivery.id, eventId: "evt_manual", status: "pending" });
      await until(async () => (await db.webhookDelivery.findUnique({ where: { id: delivery.id } }))?.status === "succeeded", "the resend");
      expect(hook.received).toHaveLength(3);
      expect(hook.received[2]!.body).toBe(hook.received[0]!.body);
      expect(JSON.parse(hook.received[2]!.body).id).toBe("evt_manual");
      for (const entry of hook.received) {
        expect(verified(entry, endpoint.secret).id).toBe("evt_manual");
        expectStandardHeaders(entry, "evt_manual");
      }
    } finally {
      await hook.close();
    }
  });

  it("answers 404 for a delivery of another endpoint or user", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const { json: endpoint } = await create(owner.cookie, { url: "https://hooks.example.com/x", events: ["operation.canceled"] });
    const delivery = await db.webhookDelivery.create({
      data: { endpointId: endpoint.id, eventId: "evt_other", type: "operation.canceled", operationId: (await canceledOperation(owner.user.id)).id },
    });
    const response = await resend(
      apiRequest("POST", `/api/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/resend`, { cookie: other.cookie }),
      params({ id: endpoint.id, deliveryId: delivery.id }),
    );
    expect(response.status).toBe(404);
    const unknown = await resend(
      apiRequest("POST", `/api/webhook-endpoints/${endpoint.id}/deliveries/nope/resend`, { cookie: owner.cookie }),
      params({ id: endpoint.id, deliveryId: "nope" }),
    );
    expect(unknown.status).toBe(404);
  });

  it("sends nothing to an endpoint that does not take the event", async () => {
    const hook = await receiver();
    try {
      const { user, cookie } = await signedInUser();
      await create(cookie, { url: hook.url, events: ["operation.failed"] });
      const operation = await queuedGeneration(user.id, "a dog", 3);
      await requestCancel(operation);
      expect(await db.webhookDelivery.count({ where: { operationId: operation.id } })).toBe(0);
      expect(hook.received).toHaveLength(0);
    } finally {
      await hook.close();
    }
  });
});
