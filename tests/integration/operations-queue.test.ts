// Image operations on the job queue: the charge and its job are written together, answers can be
// asynchronous, operations can be followed and canceled, and the sweeper refunds what got stuck.
import { GET as getOperation } from "@/app/api/operations/[id]/route";
import { POST as cancelOperationRoute } from "@/app/api/operations/[id]/cancel/route";
import { GET as operationEvents } from "@/app/api/operations/[id]/events/route";
import { POST as convert } from "@/app/api/convert-image/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { queueClient } from "@/lib/jobs/boss";
import { requestCancel } from "@/lib/jobs/cancel";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { LOCAL_QUEUE } from "@/lib/jobs/queues";
import { runImageJob } from "@/lib/jobs/run-job";
import { sweepStuckOperations } from "@/lib/jobs/sweeper";
import { FakeFlux } from "../fakes/flux-server";
import { apiRequest, signedInUser, uniqueIp } from "./helpers";
import { balanceOf, cookiesSetBy, dataUrl, fetchFile, ledgerKinds, photo, ledgerMatchesBalance } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";

jest.setTimeout(90_000);

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const jobsOf = async (operationId: string) => db.$queryRaw<{ state: string }[]>`SELECT state FROM pgboss.job WHERE data->>'operationId' = ${operationId}`;

async function followUntil(id: string, cookie: string | undefined, done: (body: { status: string }) => boolean, ip?: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const body = await (await getOperation(apiRequest("GET", `/api/operations/${id}`, { cookie, ip }), params(id))).json();
    if (done(body)) return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Operation ${id} never reached the awaited state`);
}

describe("spend and enqueue are one transaction", () => {
  it("leaves no charge and no operation when the job cannot be queued", async () => {
    const { user } = await signedInUser();
    const boss = await queueClient();
    const send = jest.spyOn(boss, "send").mockRejectedValueOnce(new Error("queue unavailable"));
    await expect(enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "a fox", params: {} })).rejects.toThrow(
      "queue unavailable",
    );
    send.mockRestore();
    expect(await ledgerKinds(user.id)).toEqual(["grant:60"]);
    expect(await balanceOf(user.id)).toBe(60);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  });

  it("queues no job when the charge is refused", async () => {
    const { user, cookie } = await signedInUser({ credits: 1 });
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a fox" } }));
    expect(response.status).toBe(402);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
    const queued = await db.$queryRaw<
      { count: bigint }[]
    >`SELECT count(*) FROM pgboss.job j WHERE NOT EXISTS (SELECT 1 FROM operations o WHERE o.id = j.data->>'operationId') AND j.name LIKE 'image-%'`;
    expect(Number(queued[0]!.count)).toBe(0);
  });

  it("writes the charge, the operation and its job together", async () => {
    const { user } = await signedInUser();
    const operation = await enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "a fox", params: {} });
    expect(operation).toMatchObject({ status: "queued", queue: LOCAL_QUEUE, cost: 2 });
    expect(operation.spendTransactionId).not.toBeNull();
    expect((await jobsOf(operation.id)).length).toBe(1);
    expect(await balanceOf(user.id)).toBe(58);
    await requestCancel(operation);
    expect(await balanceOf(user.id)).toBe(60);
  });
});

describe("with no worker running", () => {
  it("cancels a queued operation at once, refunds it and withdraws its job", async () => {
    const { user, cookie } = await signedInUser();
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a fox" }, headers: { prefer: "respond-async" } }));
    expect(response.status).toBe(202);
    const { operationId } = await response.json();
    expect(await balanceOf(user.id)).toBe(58);

    const queued = await (await getOperation(apiRequest("GET", `/api/operations/${operationId}`, { cookie }), params(operationId))).json();
    expect(queued).toMatchObject({ id: operationId, kind: "generate", status: "queued", stage: "queued", result: null });
    expect(queued.queuePosition).toEqual(expect.any(Number));

    const canceled = await cancelOperationRoute(apiRequest("POST", `/api/operations/${operationId}/cancel`, { cookie }), params(operationId));
    expect(canceled.status).toBe(200);
    expect(await canceled.json()).toMatchObject({ status: "canceled", error: { code: "canceled" } });
    expect(await balanceOf(user.id)).toBe(60);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "refund:2"]);
    expect((await jobsOf(operationId)).map((job) => job.state)).toEqual(["cancelled"]);
    // A second cancel changes nothing.
    await cancelOperationRoute(apiRequest("POST", `/api/operations/${operationId}/cancel`, { cookie }), params(operationId));
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "refund:2"]);
  });

  it("the sweeper refunds an operation stuck past its deadline, exactly once", async () => {
    const { user, cookie } = await signedInUser();
    const { operationId } = await (
      await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a fox" }, headers: { prefer: "respond-async" } }))
    ).json();
    // As if its worker had taken it and died in the middle.
    await db.operation.update({ where: { id: operationId }, data: { status: "running", attempts: 1, deadlineAt: new Date(Date.now() - 60_000) } });
    expect(await sweepStuckOperations()).toBeGreaterThanOrEqual(1);
    expect(await sweepStuckOperations()).toBe(0);
    const operation = await db.operation.findUniqueOrThrow({ where: { id: operationId } });
    expect(operation).toMatchObject({ status: "failed", errorCode: "timeout" });
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "refund:2"]);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("refuses to store a result over the output budget, and refunds it", async () => {
    const { user } = await signedInUser();
    const operation = await enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "a fox", params: {} });
    setSettings({ IMAGE_MAX_OUTPUT_BYTES: "1000" });
    await runImageJob(operation.id);
    expect(await db.operation.findUniqueOrThrow({ where: { id: operation.id } })).toMatchObject({ status: "failed", errorStatus: 413, resultFileId: null });
    expect(await db.storedFile.count({ where: { userId: user.id } })).toBe(0);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "refund:2"]);
  });

  it("shows an operation to its owner only", async () => {
    const { cookie } = await signedInUser();
    const { operationId } = await (
      await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a fox" }, headers: { prefer: "respond-async" } }))
    ).json();
    const stranger = await signedInUser();
    expect((await getOperation(apiRequest("GET", `/api/operations/${operationId}`, { cookie: stranger.cookie }), params(operationId))).status).toBe(404);
    expect((await getOperation(apiRequest("GET", `/api/operations/${operationId}`), params(operationId))).status).toBe(404);
    expect(
      (await cancelOperationRoute(apiRequest("POST", `/api/operations/${operationId}/cancel`, { cookie: stranger.cookie }), params(operationId))).status,
    ).toBe(404);
    expect((await getOperation(apiRequest("GET", "/api/operations/nope", { cookie }), params("nope"))).status).toBe(404);
    await cancelOperationRoute(apiRequest("POST", `/api/operations/${operationId}/cancel`, { cookie }), params(operationId));
  });
});

describe("with a worker", () => {
  withImageWorker();

  it("answers 202 under Prefer: respond-async, then the operation call shows the result", async () => {
    const { user, cookie } = await signedInUser();
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a red fox" }, headers: { prefer: "respond-async" } }));
    expect(response.status).toBe(202);
    expect(response.headers.get("preference-applied")).toBe("respond-async");
    const { operationId } = await response.json();
    expect(response.headers.get("location")).toBe(`/api/operations/${operationId}`);

    const done = await followUntil(operationId, cookie, (body) => body.status === "succeeded");
    expect(done).toMatchObject({ status: "succeeded", progress: 100, queuePosition: null, error: null, width: 1024, height: 1024 });
    expect((await fetchFile(done.result.sample, cookie)).status).toBe(200);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2"]);
  });

  it("works through a backlog: operations sent together are all taken as soon as the worker is free", async () => {
    const { cookie } = await signedInUser();
    const ids: string[] = [];
    for (const prompt of ["a red fox", "a blue whale", "a green forest", "a yellow sun"]) {
      const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt }, headers: { prefer: "respond-async" } }));
      ids.push((await response.json()).operationId);
    }
    // An idle worker looks for the next job at once, not on a slow poll: each takes well under a second.
    for (const id of ids) expect(await followUntil(id, cookie, (body) => body.status === "succeeded")).toMatchObject({ status: "succeeded" });
    const operations = await db.operation.findMany({ where: { id: { in: ids } } });
    const waits = operations.map((operation) => operation.startedAt!.getTime() - operation.createdAt.getTime());
    expect(Math.max(...waits)).toBeLessThan(10_000);
  });

  it("streams the operation's changes as server-sent events until it ends", async () => {
    const { cookie } = await signedInUser();
    const { operationId } = await (
      await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a blue whale" }, headers: { prefer: "respond-async" } }))
    ).json();
    const stream = await operationEvents(apiRequest("GET", `/api/operations/${operationId}/events`, { cookie }), params(operationId));
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const text = await stream.text();
    const events = text
      .split("\n\n")
      .filter((chunk) => chunk.startsWith("data: "))
      .map((chunk) => JSON.parse(chunk.slice(6)));
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.at(-1)).toMatchObject({ id: operationId, status: "succeeded", result: { sample: expect.stringMatching(/^\/api\/files\//) } });
  });

  it("keeps a guest to one conversion in flight per address, and their results expire within a day", async () => {
    const ip = uniqueIp();
    const body = { image: dataUrl(photo("coffee.png")), format: "webp", quality: 80 };
    const first = await convert(apiRequest("POST", "/api/convert-image", { body, ip, headers: { prefer: "respond-async" } }));
    expect(first.status).toBe(202);
    const second = await convert(apiRequest("POST", "/api/convert-image", { body, ip, headers: { prefer: "respond-async" } }));
    expect(second.status).toBe(429);
    expect((await second.json()).error).toBe("operation_in_progress");
    const { operationId } = await first.json();
    // Followed by the browser that asked, with the guest key its answer set.
    const done = await followUntil(operationId, cookiesSetBy(first), (view) => view.status === "succeeded", ip);
    // Someone at another address cannot follow it.
    expect((await getOperation(apiRequest("GET", `/api/operations/${operationId}`, { ip: uniqueIp() }), params(operationId))).status).toBe(404);
    const file = await db.storedFile.findUniqueOrThrow({ where: { id: done.result.sample.replace("/api/files/", "") } });
    expect(file.expiresAt!.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000);
    // Once it is over, the same address may convert again.
    expect((await convert(apiRequest("POST", "/api/convert-image", { body, ip }))).status).toBe(200);
  });
});

describe("canceling a running operation", () => {
  const flux = new FakeFlux();
  const ENV = ["BFL_API_KEY", "BFL_BASE_URL", "BFL_POLL_INTERVAL_MS", "BFL_POLL_TIMEOUT_MS", "IMAGE_PROVIDER_MAX_RETRIES"];
  beforeAll(async () => {
    await flux.start();
    setSettings({
      BFL_API_KEY: flux.apiKey,
      BFL_BASE_URL: flux.apiUrl,
      BFL_POLL_INTERVAL_MS: "50",
      BFL_POLL_TIMEOUT_MS: "60000",
      IMAGE_PROVIDER_MAX_RETRIES: "0",
    });
  });
  afterAll(async () => {
    setSettings(Object.fromEntries(ENV.map((name) => [name, undefined])));
    await flux.stop();
  });
  withImageWorker();

  it("stops the worker's provider call and refunds once it stops", async () => {
    flux.scenario = { kind: "never-ready" };
    const { user, cookie } = await signedInUser();
    const { operationId } = await (
      await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse" }, headers: { prefer: "respond-async" } }))
    ).json();
    await followUntil(operationId, cookie, (view) => view.status === "running");
    while (flux.polls.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    await cancelOperationRoute(apiRequest("POST", `/api/operations/${operationId}/cancel`, { cookie }), params(operationId));
    const ended = await followUntil(operationId, cookie, (view) => view.status !== "running");
    expect(ended).toMatchObject({ status: "canceled" });
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "refund:2"]);
    // The provider is no longer being asked.
    const polls = flux.polls.length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(flux.polls.length).toBe(polls);
  });
});
