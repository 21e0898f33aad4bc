// An endpoint that keeps failing is switched off after WEBHOOK_DISABLE_AFTER_FAILURES deliveries in a
// row have failed every retry, and its owner gets a mail in their language; a success resets the
// count, and the owner can switch it back on.
import { GET as listEndpoints } from "@/app/api/webhook-endpoints/route";
import { PATCH as updateEndpoint } from "@/app/api/webhook-endpoints/[id]/route";
import { POST as resend } from "@/app/api/webhook-endpoints/[id]/deliveries/[deliveryId]/resend/route";
import { db } from "@/lib/db";
import { requestCancel } from "@/lib/jobs/cancel";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { WEBHOOK_RETRY_LIMIT } from "@/lib/webhooks/queue";
import { startMailbox, type Mailbox } from "../fakes/mailbox";
import { apiRequest, signedInUser } from "./helpers";
import { createWebhook, params, queuedGeneration, receiver } from "./webhook-helpers";
import { setSettings } from "../setup/settings";

jest.setTimeout(60_000);

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  await mailbox.close();
});
beforeEach(() => {
  setSettings({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_DISABLE_AFTER_FAILURES: "3", SMTP_URL: mailbox.url });
});

let eventNumber = 0;
/** A delivery that reaches its last retry: one attempt, and its failure is final. */
async function finalAttempt(endpointId: string): Promise<void> {
  eventNumber += 1;
  const delivery = await db.webhookDelivery.create({
    data: { endpointId, eventId: `evt_health_${eventNumber}`, type: "operation.canceled", operationId: "op_gone", body: '{"id":"evt"}' },
  });
  await attemptDelivery(delivery.id, WEBHOOK_RETRY_LIMIT);
}

async function listed(cookie: string, endpointId: string) {
  const body = await (await listEndpoints(apiRequest("GET", "/api/webhook-endpoints", { cookie }))).json();
  return body.endpoints.find((endpoint: { id: string }) => endpoint.id === endpointId);
}

describe("an endpoint that keeps failing", () => {
  it("is switched off after 3 failed deliveries in a row, its owner is mailed, and it can be switched back on", async () => {
    const hook = await receiver({ answers: [500, 500, 500, 500, 500, 500, 500, 500] });
    try {
      const { user, cookie } = await signedInUser();
      await db.user.update({ where: { id: user.id }, data: { locale: "fr" } });
      const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
      expect(await listed(cookie, endpoint.id)).toMatchObject({ enabled: true, disabledAt: null });

      await finalAttempt(endpoint.id);
      await finalAttempt(endpoint.id);
      expect(await listed(cookie, endpoint.id)).toMatchObject({ enabled: true });
      const since = mailbox.received.length;
      await finalAttempt(endpoint.id);
      expect(await listed(cookie, endpoint.id)).toMatchObject({ enabled: false, disabledAt: expect.any(String) });

      const mail = await mailbox.waitFor(user.email, { since });
      expect(mail.parsed.subject).toContain("désactivé");
      expect(mail.parsed.text).toContain(hook.url);
      expect(mail.parsed.text).toContain("3");

      // Switched off: a new event is not queued for it, and a resend is refused until it is back on.
      const operation = await queuedGeneration(user.id, "a crane", 9);
      await requestCancel(operation);
      expect(await db.webhookDelivery.count({ where: { endpointId: endpoint.id, operationId: operation.id } })).toBe(0);
      const failed = await db.webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
      const refused = await resend(
        apiRequest("POST", `/api/webhook-endpoints/${endpoint.id}/deliveries/${failed.id}/resend`, { cookie }),
        params({ id: endpoint.id, deliveryId: failed.id }),
      );
      expect(refused.status).toBe(409);
      expect((await refused.json()).error).toBe("webhook_endpoint_disabled");

      const enabled = await updateEndpoint(
        apiRequest("PATCH", `/api/webhook-endpoints/${endpoint.id}`, { cookie, body: { enabled: true } }),
        params({ id: endpoint.id }),
      );
      expect(enabled.status).toBe(200);
      expect(await enabled.json()).toMatchObject({ id: endpoint.id, enabled: true, disabledAt: null });
      // Back on with a fresh count: two more failures do not switch it off again.
      await finalAttempt(endpoint.id);
      await finalAttempt(endpoint.id);
      expect(await listed(cookie, endpoint.id)).toMatchObject({ enabled: true });
    } finally {
      await hook.close();
    }
  });

  it("starts counting again after a success", async () => {
    const hook = await receiver({ answers: [500, 500, 200, 500, 500] });
    try {
      const { cookie } = await signedInUser();
      const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
      for (let index = 0; index < 5; index += 1) await finalAttempt(endpoint.id);
      expect(hook.received).toHaveLength(5);
      expect(await listed(cookie, endpoint.id)).toMatchObject({ enabled: true });
    } finally {
      await hook.close();
    }
  });

  it("refuses a PATCH that is not { enabled: true | false }, and another account's endpoint", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const { json: endpoint } = await createWebhook(owner.cookie, { url: "https://hooks.example.com/x", events: ["operation.canceled"] });
    for (const body of [{}, { enabled: "yes" }, { url: "https://elsewhere.example.com" }]) {
      const response = await updateEndpoint(
        apiRequest("PATCH", `/api/webhook-endpoints/${endpoint.id}`, { cookie: owner.cookie, body }),
        params({ id: endpoint.id }),
      );
      expect(response.status).toBe(400);
    }
    const foreign = await updateEndpoint(
      apiRequest("PATCH", `/api/webhook-endpoints/${endpoint.id}`, { cookie: other.cookie, body: { enabled: false } }),
      params({ id: endpoint.id }),
    );
    expect(foreign.status).toBe(404);
    const off = await updateEndpoint(
      apiRequest("PATCH", `/api/webhook-endpoints/${endpoint.id}`, { cookie: owner.cookie, body: { enabled: false } }),
      params({ id: endpoint.id }),
    );
    expect(await off.json()).toMatchObject({ enabled: false });
  });
});
