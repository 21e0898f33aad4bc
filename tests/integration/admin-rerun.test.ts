// "Run again at no charge" from the console: a failed or canceled operation runs once more for its
// owner from its recipe, as a new operation linked to it that costs nothing, and a worker runs it to the
// same result. Ten sends with one Idempotency-Key run it once; an operation that did not fail or whose
// inputs are gone, a suspended or deleted owner and bad input are each refused with a clear 4xx.
import { randomUUID } from "node:crypto";
import { POST as rerunRoute } from "@/app/api/admin/operations/[id]/rerun/route";
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { awaitImageOperation } from "@/lib/imaging/operations";
import { adminSession, callAdmin, REASON } from "./admin-helpers";
import { withImageWorker } from "./image-worker";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, dataUrl, fetchFile, ledgerMatchesBalance, photo } from "./imaging-helpers";

jest.setTimeout(120_000);
withImageWorker();
afterAll(() => db.$disconnect());

const rerun = (cookie: string, id: string, options: { idempotencyKey?: string | null; reason?: string } = {}) =>
  callAdmin(
    rerunRoute,
    "POST",
    `/api/admin/operations/${id}/rerun`,
    { id },
    {
      cookie,
      body: { reason: options.reason ?? REASON },
      idempotencyKey: options.idempotencyKey === null ? undefined : (options.idempotencyKey ?? randomUUID()),
    },
  );

const bytesOf = async (url: string, cookie: string) => Buffer.from(await (await fetchFile(url, cookie)).arrayBuffer());

/** An edit the owner asked for, which the test then marks as failed (its refund is not what is tested here). */
async function failedEdit(cookie: string) {
  const response = await edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "make it vintage", imageUrl: dataUrl(photo("astronaut.png")) } }));
  expect(response.status).toBe(200);
  const made = await response.json();
  await db.operation.update({ where: { id: made.operationId }, data: { status: "failed", errorCode: "processing_failed", error: "The provider went away." } });
  return made as { operationId: string; result: { sample: string } };
}

describe("running an operation again from the console", () => {
  it("queues a linked operation that costs nothing, which a worker runs to the same image, once for ten sends with one key", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    const original = await failedEdit(userCookie);
    const balanceBefore = await balanceOf(user.id);
    const ledgerRows = await db.creditTransaction.count({ where: { userId: user.id } });

    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => rerun(cookie, original.operationId, { idempotencyKey: key })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    const { body } = answers[0]!;
    expect(body).toEqual({
      operationId: expect.any(String),
      repeatOf: original.operationId,
      userId: user.id,
      cost: 0,
      message: "The operation runs again at no charge.",
    });
    expect(await db.operation.count({ where: { repeatOfId: original.operationId } })).toBe(1);

    const again = await awaitImageOperation(body.operationId as string);
    const row = await db.operation.findUniqueOrThrow({ where: { id: again.operationId } });
    expect(row).toMatchObject({ status: "succeeded", userId: user.id, repeatOfId: original.operationId, cost: 0, spendTransactionId: null, kind: "edit" });
    expect((await bytesOf(again.url, userCookie)).equals(await bytesOf(original.result.sample, userCookie))).toBe(true);

    expect(await balanceOf(user.id)).toBe(balanceBefore);
    expect(await db.creditTransaction.count({ where: { userId: user.id } })).toBe(ledgerRows);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
    const audit = await db.auditLog.findMany({ where: { targetType: "operation", targetId: original.operationId } });
    expect(audit.map((entry) => [entry.action, entry.actorId, entry.reason, entry.before, entry.after])).toEqual([
      ["operation.rerun", admin.id, REASON, { status: "failed", userId: user.id }, { operationId: body.operationId, cost: 0, userId: user.id }],
    ]);
  });

  it("runs a canceled generation again too", async () => {
    const { cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    const made = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie: userCookie, body: { prompt: "a lighthouse at dawn" } }))).json();
    await db.operation.update({ where: { id: made.operationId }, data: { status: "canceled" } });
    const answer = await rerun(cookie, made.operationId);
    expect(answer.status).toBe(200);
    const again = await awaitImageOperation(answer.body.operationId as string);
    expect((await bytesOf(again.url, userCookie)).equals(await bytesOf(made.result.sample, userCookie))).toBe(true);
    expect(await db.operation.findUniqueOrThrow({ where: { id: again.operationId } })).toMatchObject({
      cost: 0,
      userId: user.id,
      prompt: "a lighthouse at dawn",
    });
  });

  it("refuses, with a 409 that says why, an operation that did not fail, one whose images are gone, and a suspended or deleted owner", async () => {
    const { cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    const succeeded = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie: userCookie, body: { prompt: "a red kite" } }))).json();
    expect(await rerun(cookie, succeeded.operationId)).toEqual({
      status: 409,
      body: { error: "not_rerunnable", message: "Only a failed or canceled operation can be run again; this one is succeeded." },
    });

    const expired = await failedEdit(userCookie);
    const input = await db.operationInput.findFirstOrThrow({ where: { operationId: expired.operationId } });
    await db.storedFile.update({ where: { id: input.fileId! }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await rerun(cookie, expired.operationId)).toEqual({
      status: 409,
      body: { error: "inputs_expired", message: "The images this operation was made from are no longer stored, so it cannot be run again." },
    });

    const failed = await failedEdit(userCookie);
    await db.user.update({ where: { id: user.id }, data: { suspendedAt: new Date(), suspensionCategory: "spam" } });
    expect((await rerun(cookie, failed.operationId)).body).toMatchObject({ error: "owner_suspended" });
    await db.user.update({ where: { id: user.id }, data: { suspendedAt: null, suspensionCategory: null, deletedAt: new Date() } });
    expect((await rerun(cookie, failed.operationId)).body).toMatchObject({ error: "owner_deleted" });
    expect(await db.operation.count({ where: { repeatOfId: { in: [succeeded.operationId, expired.operationId, failed.operationId] } } })).toBe(0);
    expect(
      await db.auditLog.count({ where: { action: "operation.rerun", targetId: { in: [succeeded.operationId, expired.operationId, failed.operationId] } } }),
    ).toBe(0);
  });

  it("refuses a missing Idempotency-Key, a short reason and an unknown operation", async () => {
    const { cookie } = await adminSession();
    const { cookie: userCookie } = await signedInUser();
    const failed = await failedEdit(userCookie);
    expect((await rerun(cookie, failed.operationId, { idempotencyKey: null })).body).toMatchObject({ error: "idempotency_key_required" });
    expect((await rerun(cookie, failed.operationId, { reason: "again" })).body).toMatchObject({ error: "reason_too_short" });
    expect(await rerun(cookie, "no-such-operation")).toEqual({ status: 404, body: { error: "operation_not_found", message: "No such operation." } });
    expect(await db.operation.count({ where: { repeatOfId: failed.operationId } })).toBe(0);
  });
});
