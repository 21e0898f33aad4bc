// Webhook signing secrets are stored encrypted (AES-256-GCM under a key derived from ENCRYPTION_KEY
// or AUTH_SECRET), deliveries still verify with the secret shown once, and rotating the key keeps
// every secret readable while the old key is listed in ENCRYPTION_KEY_PREVIOUS. A secret from before
// the Standard Webhooks format (base64url) still signs, with the bytes it was made from.
import { db } from "@/lib/db";
import { runScheduledCleanup } from "@/lib/jobs/scheduled-cleanup";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { signedInUser } from "./helpers";
import { createWebhook, receiver } from "./webhook-helpers";
import { setSettings } from "../setup/settings";

jest.setTimeout(60_000);

const authSecret = process.env.AUTH_SECRET!;

beforeEach(() => {
  setSettings({ WEBHOOK_ALLOW_PRIVATE: "true" });
});

let eventNumber = 0;
/** Delivers one event to the endpoint now and returns what the receiver got. */
async function deliverOnce(endpointId: string, hook: Awaited<ReturnType<typeof receiver>>) {
  eventNumber += 1;
  const delivery = await db.webhookDelivery.create({
    data: { endpointId, eventId: `evt_secret_${eventNumber}`, type: "operation.canceled", operationId: "op_gone", body: `{"n":${eventNumber}}` },
  });
  const before = hook.received.length;
  await attemptDelivery(delivery.id, 0);
  expect(hook.received).toHaveLength(before + 1);
  return hook.received[before]!;
}

/** Whether the Standard Webhooks library, given this secret, accepts the delivery as its receiver got it. */
function signs(received: { headers: Record<string, unknown>; body: string }, secret: string): boolean {
  const headers = Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));
  try {
    new Webhook(secret).verify(received.body, headers);
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}

/**
 * A secret of a release before the Standard Webhooks format (base64url, no padding) spelled as the
 * standard's libraries read it: the same bytes in standard base64. Deliveries sign with those bytes.
 */
const standardSpelling = (secret: string) => `whsec_${Buffer.from(secret.slice("whsec_".length), "base64url").toString("base64")}`;

describe("webhook signing secrets at rest", () => {
  it("stores no readable secret, and deliveries verify with the one shown at creation", async () => {
    const hook = await receiver();
    try {
      const { cookie } = await signedInUser();
      const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
      const [row] = await db.$queryRaw<Record<string, unknown>[]>`SELECT * FROM "webhook_endpoints" WHERE "id" = ${endpoint.id}`;
      const stored = JSON.stringify(row);
      expect(stored).not.toContain(endpoint.secret);
      expect(stored).not.toContain(endpoint.secret.slice("whsec_".length, 30));
      expect(stored).not.toContain(Buffer.from(endpoint.secret).toString("base64"));
      expect(row!.secretKeyId).toEqual(expect.any(String));
      expect(signs(await deliverOnce(endpoint.id, hook), endpoint.secret)).toBe(true);
    } finally {
      await hook.close();
    }
  });

  it("keeps signing after the key is rotated with the old one listed as previous, and re-encrypts under the new key", async () => {
    const hook = await receiver();
    try {
      const { cookie } = await signedInUser();
      const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
      const before = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });

      setSettings({
        ENCRYPTION_KEY: "a-new-encryption-key-of-more-than-32-characters",
        ENCRYPTION_KEY_PREVIOUS: `some-retired-key-of-more-than-32-characters,${authSecret}`,
      });
      expect(signs(await deliverOnce(endpoint.id, hook), endpoint.secret)).toBe(true);
      const after = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect(after.secretKeyId).not.toBe(before.secretKeyId);
      expect(after.secret).not.toBe(before.secret);

      // The old key can now be dropped: the secret is readable under the new one alone.
      setSettings({ ENCRYPTION_KEY_PREVIOUS: undefined });
      expect(signs(await deliverOnce(endpoint.id, hook), endpoint.secret)).toBe(true);
    } finally {
      await hook.close();
    }
  });

  it("says which setting is missing when a secret's key is no longer configured, and sends nothing", async () => {
    const hook = await receiver();
    try {
      const { cookie } = await signedInUser();
      const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
      setSettings({ ENCRYPTION_KEY: "a-new-encryption-key-of-more-than-32-characters" });
      const delivery = await db.webhookDelivery.create({
        data: { endpointId: endpoint.id, eventId: "evt_lost_key", type: "operation.canceled", operationId: "op_gone", body: "{}" },
      });
      await expect(attemptDelivery(delivery.id, 0)).rejects.toThrow(/ENCRYPTION_KEY_PREVIOUS/);
      expect(hook.received).toHaveLength(0);
      expect((await db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).lastError).toMatch(/ENCRYPTION_KEY_PREVIOUS/);
    } finally {
      await hook.close();
    }
  });

  it("encrypts a secret stored in plain text before encryption existed on its first use", async () => {
    const hook = await receiver();
    try {
      const { cookie } = await signedInUser();
      const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
      const plain = "whsec_stored-in-plain-text-by-an-older-release-000000";
      await db.$executeRaw`UPDATE "webhook_endpoints" SET "secret" = ${plain}, "secretKeyId" = NULL WHERE "id" = ${endpoint.id}`;
      expect(signs(await deliverOnce(endpoint.id, hook), standardSpelling(plain))).toBe(true);
      const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect(row.secretKeyId).toEqual(expect.any(String));
      expect(row.secret).not.toContain(plain);
      expect(signs(await deliverOnce(endpoint.id, hook), standardSpelling(plain))).toBe(true);
    } finally {
      await hook.close();
    }
  });

  it("encrypts plain-text secrets of endpoints that receive nothing in the scheduled cleanup", async () => {
    const hook = await receiver();
    try {
      const { cookie } = await signedInUser();
      const { json: endpoint } = await createWebhook(cookie, { url: hook.url, events: ["operation.canceled"] });
      const plain = "whsec_never-delivered-plain-text-secret-00000000000";
      await db.$executeRaw`UPDATE "webhook_endpoints" SET "secret" = ${plain}, "secretKeyId" = NULL WHERE "id" = ${endpoint.id}`;
      expect((await runScheduledCleanup()).sealedWebhookSecrets).toBeGreaterThanOrEqual(1);
      const row = await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      expect(row.secretKeyId).toEqual(expect.any(String));
      expect(row.secret).not.toContain(plain);
      expect(hook.received).toHaveLength(0);
      expect(signs(await deliverOnce(endpoint.id, hook), standardSpelling(plain))).toBe(true);
    } finally {
      await hook.close();
    }
  });
});
