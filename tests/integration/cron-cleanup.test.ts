// Scheduled cleanup over HTTP, as Vercel Cron calls it: only with CRON_SECRET as the bearer (and
// never when no secret is set), and then it does what `npm run storage:cleanup` does plus the sweep
// of operations stuck past their deadline.
import sharp from "sharp";
import { GET as cronGet, POST as cronPost } from "@/app/api/cron/cleanup/route";
import { db } from "@/lib/db";
import { stopQueueClient } from "@/lib/jobs/boss";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { closeOperationEvents } from "@/lib/jobs/events";
import { storeImage } from "@/lib/storage/files";
import { apiRequest, signedInUser } from "./helpers";
import { setSettings } from "../setup/settings";

const SECRET = "cron-secret-for-the-tests-0123456789";

const call = (handler: typeof cronGet, method: string, authorization?: string) =>
  handler(apiRequest(method, "/api/cron/cleanup", { origin: null, headers: authorization ? { authorization } : {} }));

beforeEach(() => {
  setSettings({ CRON_SECRET: SECRET });
});

afterAll(async () => {
  await stopQueueClient();
  await closeOperationEvents();
});

describe("/api/cron/cleanup", () => {
  it("refuses a call without the bearer, with a wrong one, or with a token of another scheme", async () => {
    for (const authorization of [undefined, "Bearer wrong-secret", `Bearer ${SECRET}x`, `Basic ${SECRET}`, SECRET]) {
      const response = await call(cronGet, "GET", authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "invalid_cron_secret" });
    }
  });

  it("refuses every call while CRON_SECRET is unset, saying so", async () => {
    setSettings({ CRON_SECRET: undefined });
    for (const authorization of [undefined, "Bearer ", "Bearer undefined"]) {
      const response = await call(cronGet, "GET", authorization);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: "cron_disabled", message: expect.stringMatching(/set CRON_SECRET/) });
    }
  });

  it("with the bearer, deletes expired files nothing shows and fails and refunds stuck operations", async () => {
    const { user } = await signedInUser();
    const buffer = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#123456" } })
      .png()
      .toBuffer();
    const file = await storeImage({ buffer, contentType: "image/png", width: 2, height: 2 }, { userId: user.id, isPrivate: true, ttlDays: 30 });
    await db.storedFile.update({ where: { id: file.id }, data: { expiresAt: new Date(Date.now() - 86_400_000) } });
    const operation = await enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "a fox", params: {} });
    await db.operation.update({ where: { id: operation.id }, data: { status: "running", attempts: 1, deadlineAt: new Date(Date.now() - 60_000) } });

    const response = await call(cronGet, "GET", `Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    const counts = await response.json();
    expect(counts).toEqual({
      erasedAccounts: expect.any(Number),
      deletedFiles: expect.any(Number),
      sweptOperations: expect.any(Number),
      sealedWebhookSecrets: expect.any(Number),
      lapsedPlanGrants: expect.any(Number),
    });
    expect(counts.deletedFiles).toBeGreaterThanOrEqual(1);
    expect(counts.sweptOperations).toBeGreaterThanOrEqual(1);
    expect(await db.storedFile.count({ where: { id: file.id } })).toBe(0);
    expect(await db.operation.findUniqueOrThrow({ where: { id: operation.id } })).toMatchObject({ status: "failed", errorCode: "timeout" });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(user.credits);
  });

  it("answers POST the same way", async () => {
    expect((await call(cronPost, "POST")).status).toBe(401);
    const response = await call(cronPost, "POST", `Bearer ${SECRET}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ deletedFiles: expect.any(Number) });
  });
});
