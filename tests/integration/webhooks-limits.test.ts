// The webhook calls' limits: at most 10 endpoints even when created in parallel, resends bounded
// (one in flight per delivery, and an hourly allowance per account), and no IPv4-translated address.
import { POST as resend } from "@/app/api/webhook-endpoints/[id]/deliveries/[deliveryId]/resend/route";
import { db } from "@/lib/db";
import { MAX_WEBHOOK_ENDPOINTS } from "@/lib/webhooks/events";
import { apiRequest, signedInUser } from "./helpers";
import { createWebhook, params } from "./webhook-helpers";
import { setSettings } from "../setup/settings";

jest.setTimeout(60_000);

function resendRequest(cookie: string, endpointId: string, deliveryId: string) {
  return resend(apiRequest("POST", `/api/webhook-endpoints/${endpointId}/deliveries/${deliveryId}/resend`, { cookie }), params({ id: endpointId, deliveryId }));
}

async function failedDelivery(endpointId: string, eventId: string) {
  return db.webhookDelivery.create({ data: { endpointId, eventId, type: "operation.canceled", operationId: "op_manual", status: "failed", attempts: 7 } });
}

describe("webhook endpoint limits", () => {
  it("keeps at most 10 endpoints per account when 20 are created in parallel", async () => {
    const { user, cookie } = await signedInUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => createWebhook(cookie, { url: `https://hooks.example.com/${index}`, events: ["operation.failed"] })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(20 - MAX_WEBHOOK_ENDPOINTS);
    expect(refused[0]!.json.error).toBe("webhook_endpoint_limit");
    expect(await db.webhookEndpoint.count({ where: { userId: user.id } })).toBe(MAX_WEBHOOK_ENDPOINTS);
  });

  it.each(["http://[::ffff:0:7f00:1]/x", "http://[::ffff:0:a9fe:a9fe]/x", "http://[::ffff:0:0a00:1]/x"])(
    "refuses the IPv4-translated address %s",
    async (url) => {
      const { user, cookie } = await signedInUser();
      const created = await createWebhook(cookie, { url, events: ["operation.succeeded"] });
      expect(created.status).toBe(400);
      expect(created.json.error).toBe("webhook_url_refused");
      expect(await db.webhookEndpoint.count({ where: { userId: user.id } })).toBe(0);
    },
  );
});

describe("resending a delivery", () => {
  it("accepts one resend at a time: a second while the first is under way answers 409", async () => {
    const { cookie } = await signedInUser();
    const { json: endpoint } = await createWebhook(cookie, { url: "https://hooks.example.com/x", events: ["operation.canceled"] });
    const delivery = await failedDelivery(endpoint.id, "evt_once");
    const answers = await Promise.all(Array.from({ length: 30 }, () => resendRequest(cookie, endpoint.id, delivery.id)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(await refused.json()).toMatchObject({ error: "webhook_delivery_in_flight", message: expect.stringContaining("already being sent") });
  });

  it("answers 429 with Retry-After past WEBHOOK_RESEND_RATE_LIMIT resends an hour", async () => {
    setSettings({ WEBHOOK_RESEND_RATE_LIMIT: "2" });
    const { cookie } = await signedInUser();
    const { json: endpoint } = await createWebhook(cookie, { url: "https://hooks.example.com/x", events: ["operation.canceled"] });
    const deliveries = [await failedDelivery(endpoint.id, "evt_a"), await failedDelivery(endpoint.id, "evt_b"), await failedDelivery(endpoint.id, "evt_c")];
    expect((await resendRequest(cookie, endpoint.id, deliveries[0]!.id)).status).toBe(200);
    expect((await resendRequest(cookie, endpoint.id, deliveries[1]!.id)).status).toBe(200);
    const refused = await resendRequest(cookie, endpoint.id, deliveries[2]!.id);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe("webhook_resend_rate_limited");
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: deliveries[2]!.id } })).status).toBe("failed");
  });
});
