// Work that races a suspension: a request let in just before the account was suspended is refused with
// 403 account_suspended and charges nothing, even while the suspension is still being written (work
// that got in before it is canceled and refunded by its sweep: suspension.test.ts). Many requests of one
// account at once all start: the owner check takes the lock the charge takes, so they queue, never deadlock.
import { suspendAccount } from "@/lib/admin/suspension";
import { db } from "@/lib/db";
import { DomainError } from "@/lib/errors";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { signedInUser } from "./helpers";

const REASON = "Flooded the queue from forty accounts";
const work = (userId: string) => ({ userId, kind: "generate" as const, charge: "generate" as const, providerId: "local", prompt: "a fox", params: {} });

async function operator() {
  const { user } = await signedInUser();
  return db.user.update({ where: { id: user.id }, data: { role: "admin" } });
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

it("refuses to start work for a suspended account, charging nothing", async () => {
  const admin = await operator();
  const { user } = await signedInUser({ credits: 20 });
  await suspendAccount({ actor: admin, userId: user.id, category: "abuse", reason: REASON, address: null });

  const error = await refusal(enqueueOperation(work(user.id)));
  expect(error).toMatchObject({ status: 403, code: "account_suspended" });
  expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(20);
});

it("waits for a suspension being written and then refuses, so no queued work outlives its sweep", async () => {
  const { user } = await signedInUser({ credits: 20 });

  // A suspension mid-write: the account's row is held FOR UPDATE while the request tries to start work.
  let enqueued: Promise<unknown> | undefined;
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "id" FROM "users" WHERE "id" = ${user.id} FOR UPDATE`;
    enqueued = enqueueOperation(work(user.id)).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
    await tx.user.update({ where: { id: user.id }, data: { suspendedAt: new Date(), suspensionCategory: "abuse", suspensionReason: REASON } });
  });

  expect(await enqueued).toMatchObject({ status: 403, code: "account_suspended" });
  expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(20);
});

it("starts many operations of one account at once without a deadlock between their owner checks and charges", async () => {
  const { user } = await signedInUser({ credits: 40 });
  const started = await Promise.allSettled(Array.from({ length: 8 }, () => enqueueOperation(work(user.id))));
  expect(started.filter((outcome) => outcome.status === "rejected")).toEqual([]);
  expect(await db.operation.count({ where: { userId: user.id } })).toBe(8);
  await db.operation.updateMany({ where: { userId: user.id }, data: { status: "canceled" } });
});
