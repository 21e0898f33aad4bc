// Webhook deliveries share a worker's delivery slots fairly: one account's stuck receivers cannot
// hold every slot while another account's event waits, and an endpoint never has two attempts open.
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { queueClient } from "@/lib/jobs/boss";
import { requestCancel } from "@/lib/jobs/cancel";
import { installQueues } from "@/lib/jobs/queue-config";
import { LEGACY_WEBHOOK_QUEUE, WEBHOOK_QUEUE } from "@/lib/webhooks/queue";
import { signedInUser } from "./helpers";
import { withImageWorker } from "./image-worker";
import { createWebhook, queuedGeneration, receiver, until, withLoopbackReceivers } from "./webhook-helpers";
import { setSettings } from "../setup/settings";

jest.setTimeout(120_000);

withImageWorker();

const ALL_EVENTS = ["operation.succeeded", "operation.failed", "operation.canceled"];

withLoopbackReceivers();

/** Ends `count` operations of the user (canceled while queued), each announced to every endpoint. */
async function endOperations(userId: string, count: number, seed: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await requestCancel(await queuedGeneration(userId, `a heron ${index}`, seed + index));
}

describe("delivery fairness", () => {
  it("delivers another account's event while one account's ten receivers hold their connections", async () => {
    const stuck = await receiver({ hold: true });
    const fast = await receiver();
    const slow = await signedInUser();
    const other = await signedInUser();
    try {
      for (let index = 0; index < 10; index += 1) {
        expect((await createWebhook(slow.cookie, { url: `${stuck.base}/x${index}`, events: ALL_EVENTS })).status).toBe(201);
      }
      await endOperations(slow.user.id, 3, 100);
      await until(async () => (await db.webhookDelivery.count({ where: { endpoint: { userId: slow.user.id } } })) === 30, "thirty deliveries");
      // The stuck receivers have taken what they can get.
      await until(async () => stuck.openNow() > 0, "the stuck receivers' first connections");

      expect((await createWebhook(other.cookie, { url: fast.url, events: ALL_EVENTS })).status).toBe(201);
      await endOperations(other.user.id, 1, 200);
      await until(async () => fast.received.length > 0, "the other account's delivery");
      // It arrived while the stuck account's attempts were still hanging, and before most of them began.
      expect(stuck.openNow()).toBeGreaterThan(0);
      expect(stuck.received.length).toBeLessThan(10);
    } finally {
      await db.webhookEndpoint.deleteMany({ where: { userId: { in: [slow.user.id, other.user.id] } } });
      await stuck.close();
      await fast.close();
    }
  });

  it("never has two attempts open to one endpoint, however many deliveries wait for it", async () => {
    const stuck = await receiver({ hold: true });
    const { user, cookie } = await signedInUser();
    // Attempts give up after 2 s instead of 10, so the second one comes sooner.
    setSettings({ WEBHOOK_TIMEOUT_SECONDS: "2" });
    try {
      expect((await createWebhook(cookie, { url: stuck.url, events: ALL_EVENTS })).status).toBe(201);
      await endOperations(user.id, 3, 300);
      // The first attempt times out before the second may begin.
      await until(async () => stuck.received.length >= 2, "a second attempt to the endpoint");
      expect(stuck.mostOpenOnOnePath()).toBe(1);
    } finally {
      setSettings({ WEBHOOK_TIMEOUT_SECONDS: undefined });
      await db.webhookEndpoint.deleteMany({ where: { userId: user.id } });
      await stuck.close();
    }
  });
});

describe("deliveries queued by a release before fair queuing", () => {
  it("are moved to the fair queue, keyed by endpoint and grouped by account, when the queues are installed", async () => {
    const { user, cookie } = await signedInUser();
    const { json: endpoint } = await createWebhook(cookie, { url: "https://hooks.example.com/old", events: ALL_EVENTS });
    const delivery = await db.webhookDelivery.create({
      data: { endpointId: endpoint.id, eventId: "evt_legacy", type: "operation.canceled", operationId: "op_old" },
    });
    const boss = await queueClient();
    if (!(await boss.getQueue(LEGACY_WEBHOOK_QUEUE))) await boss.createQueue(LEGACY_WEBHOOK_QUEUE);
    await boss.send(LEGACY_WEBHOOK_QUEUE, { deliveryId: delivery.id });

    await installQueues(env().DATABASE_URL);
    const jobs = await db.$queryRaw<{ name: string; state: string; singleton_key: string | null; group_id: string | null }[]>`
      SELECT "name", "state"::text, "singleton_key", "group_id" FROM "pgboss"."job" WHERE "data"->>'deliveryId' = ${delivery.id}`;
    expect(jobs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: LEGACY_WEBHOOK_QUEUE, state: "completed" }),
        expect.objectContaining({ name: WEBHOOK_QUEUE, singleton_key: endpoint.id, group_id: user.id }),
      ]),
    );
    expect(jobs).toHaveLength(2);
  });
});
