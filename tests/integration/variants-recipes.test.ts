// Variants and recipes through the worker: several images per prompt, each its own charged operation
// (refunded alone when it fails), the recipe of every result back to its first step, and "Make
// again" giving the same bytes on the local engine.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { GET as fileRecipe } from "@/app/api/files/[id]/recipe/route";
import { GET as getOperation } from "@/app/api/operations/[id]/route";
import { POST as repeat } from "@/app/api/operations/[id]/repeat/route";
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { startWorker, type RunningWorker } from "@/lib/jobs/worker";
import { FakeFlux } from "../fakes/flux-server";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, blob, dataUrl, fetchFile, ledgerKinds, ledgerMatchesBalance, multipartRequest, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";

jest.setTimeout(120_000);

withImageWorker();
// A second worker, as a deployment runs several: each takes one local job at a time and looks for the
// next a second after its last, so with one alone the variants of a prompt would wait a second apiece.
let secondWorker: RunningWorker | undefined;
beforeAll(async () => {
  secondWorker = await startWorker({ databaseUrl: env().DATABASE_URL, remoteConcurrency: 4 });
});
afterAll(() => secondWorker?.stop());
// Runs after the worker's own clean-up, which reads the database once more: the pool closes now
// rather than when its idle connection times out, so the file ends when its tests do.
afterAll(() => db.$disconnect());

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const bytesOf = async (url: string, cookie: string) => Buffer.from(await (await fetchFile(url, cookie)).arrayBuffer());
const generateWith = (cookie: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  generate(apiRequest("POST", "/api/flux/generate", { cookie, body, headers }));
const recipeOf = async (id: string, cookie: string) =>
  (await (await getOperation(apiRequest("GET", `/api/operations/${id}`, { cookie }), params(id))).json()).recipe;
const makeAgain = (id: string, cookie?: string) => repeat(apiRequest("POST", `/api/operations/${id}/repeat`, { cookie }), params(id));

describe("variants on the local engine", () => {
  it("charges 8 for count 4 and returns 4 distinct images, each its own operation with its own seed", async () => {
    const { user, cookie } = await signedInUser();
    const response = await generateWith(cookie, { prompt: "a quiet harbour with boats", count: 4 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.results).toHaveLength(4);
    expect(body.operationIds).toHaveLength(4);
    expect(body.failed).toEqual([]);
    expect(body.result).toEqual({ sample: body.results[0].sample });
    expect(body.operationId).toBe(body.operationIds[0]);
    expect(body.results.map((result: { operationId: string }) => result.operationId)).toEqual(body.operationIds);

    const hashes = await Promise.all(body.results.map(async (result: { sample: string }) => sha256(await bytesOf(result.sample, cookie))));
    expect(new Set(hashes).size).toBe(4);
    expect(await balanceOf(user.id)).toBe(52);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "spend:-2", "spend:-2", "spend:-2"]);

    const operations = await db.operation.findMany({ where: { id: { in: body.operationIds } } });
    expect(operations.every((operation) => operation.status === "succeeded" && operation.cost === 2 && operation.spendTransactionId)).toBe(true);
    const seeds = body.operationIds.map((id: string) => operations.find((operation) => operation.id === id)!.seed);
    expect(new Set(seeds).size).toBe(4);
    expect(seeds.slice(1)).toEqual(seeds.slice(0, -1).map((seed: number) => seed + 1));
  });

  it("paints the same picture for the same prompt and seed, and another for another seed or prompt", async () => {
    const { cookie } = await signedInUser();
    const run = async (prompt: string, seed: number) => {
      const body = await (await generateWith(cookie, { prompt, seed })).json();
      return sha256(await bytesOf(body.result.sample, cookie));
    };
    const night = await run("city skyline at night", 41);
    expect(await run("city skyline at night", 41)).toBe(night);
    expect(await run("city skyline at night", 42)).not.toBe(night);
    expect(await run("green forest by a lake", 41)).not.toBe(night);
  });

  it.each([
    [{ count: 0 }, "count must be a whole number from 1 to 4."],
    [{ count: 5 }, "count must be a whole number from 1 to 4."],
    [{ count: 2.5 }, "count must be a whole number from 1 to 4."],
    [{ count: "4" }, "count must be a whole number from 1 to 4."],
    [{ seed: -1 }, "seed must be a whole number from 0 to 2147483647."],
    [{ seed: 2 ** 31 }, "seed must be a whole number from 0 to 2147483647."],
  ])("refuses %p with 400 and charges nothing", async (extra, message) => {
    const { user, cookie } = await signedInUser();
    const response = await generateWith(cookie, { prompt: "a cat", ...extra });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60"]);
  });

  it("refuses variants the balance cannot pay for all of, naming the whole price, and charges none", async () => {
    const { user, cookie } = await signedInUser({ credits: 5 });
    const response = await generateWith(cookie, { prompt: "a cat", count: 4 });
    expect(response.status).toBe(402);
    expect((await response.json()).message).toBe("Insufficient credits. You need 8 credits but only have 5.");
    expect(await balanceOf(user.id)).toBe(5);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("answers 202 with every variant's operation under Prefer: respond-async", async () => {
    const { cookie } = await signedInUser();
    const response = await generateWith(cookie, { prompt: "a lighthouse", count: 3 }, { prefer: "respond-async" });
    expect(response.status).toBe(202);
    const body = await response.json();
    expect(body.operationIds).toHaveLength(3);
    expect(body.operationId).toBe(body.operationIds[0]);
    expect(response.headers.get("location")).toBe(`/api/operations/${body.operationIds[0]}`);
    for (const id of body.operationIds) {
      // Up to 30 s each, looking every 20 ms.
      for (let attempt = 0; attempt < 1500; attempt += 1) {
        const operation = await db.operation.findUniqueOrThrow({ where: { id } });
        if (operation.status === "succeeded") break;
        expect(["queued", "running"]).toContain(operation.status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(await db.operation.count({ where: { id: { in: body.operationIds }, status: "succeeded" } })).toBe(3);
  });
});

describe("variants through Flux", () => {
  const flux = new FakeFlux();
  const ENV = { BFL_API_KEY: flux.apiKey, BFL_POLL_INTERVAL_MS: "20", BFL_POLL_TIMEOUT_MS: "1500", IMAGE_PROVIDER_MAX_RETRIES: "0" };

  beforeAll(async () => {
    await flux.start();
    setSettings({ ...ENV, BFL_BASE_URL: flux.apiUrl });
  });
  afterAll(async () => {
    setSettings(Object.fromEntries([...Object.keys(ENV), "BFL_BASE_URL"].map((name) => [name, undefined])));
    await flux.stop();
  });
  beforeEach(() => flux.reset());

  it("refunds a failing variant alone and says which one failed", async () => {
    flux.scenarioBySubmit.set(2, { kind: "error", message: "GPU lost" });
    const { user, cookie } = await signedInUser();
    const response = await generateWith(cookie, { prompt: "a red kite over a meadow", count: 3 });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.results).toHaveLength(2);
    expect(body.failed).toHaveLength(1);
    expect(body.failed[0]).toMatchObject({ status: 502, code: "processing_failed" });
    expect(body.failed[0].message).toMatch(/GPU lost/);
    expect(body.operationIds).toHaveLength(3);

    const failed = await db.operation.findUniqueOrThrow({ where: { id: body.failed[0].operationId } });
    expect(failed.status).toBe("failed");
    const refund = await db.creditTransaction.findFirstOrThrow({ where: { userId: user.id, kind: "refund" } });
    expect(refund.refundOfId).toBe(failed.spendTransactionId);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "spend:-2", "spend:-2", "refund:2"]);
    expect(await balanceOf(user.id)).toBe(56);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);

    // Each variant asked Flux with its own seed, as its operation records it.
    const sentSeeds = flux.submits.map((submit) => submit.body.seed);
    const operations = await db.operation.findMany({ where: { id: { in: body.operationIds } } });
    expect(new Set(sentSeeds).size).toBe(3);
    expect([...sentSeeds].sort()).toEqual(operations.map((operation) => operation.seed).sort());
    expect(operations.every((operation) => operation.model === "flux-pro-1.1")).toBe(true);
  });

  it("fails with the usual error, everything refunded, when every variant fails", async () => {
    flux.scenario = { kind: "error", message: "GPU lost" };
    const { user, cookie } = await signedInUser();
    const response = await generateWith(cookie, { prompt: "a red kite", count: 2 });
    expect(response.status).toBe(502);
    expect((await response.json()).message).toMatch(/GPU lost/);
    expect(await balanceOf(user.id)).toBe(60);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "spend:-2", "refund:2", "refund:2"]);
  });
});

describe("recipes", () => {
  it("names both operations in the recipe chain of an edit of a generation", async () => {
    const { cookie } = await signedInUser();
    const made = await (await generateWith(cookie, { prompt: "a sunny beach", aspectRatio: "portrait", seed: 7 })).json();
    const edited = await (await edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "sepia", imageUrl: made.result.sample } }))).json();

    const recipe = await recipeOf(edited.operationId, cookie);
    expect(recipe).toMatchObject({
      operationId: edited.operationId,
      kind: "edit",
      provider: "local",
      model: "keyword-adjustments",
      seed: null,
      prompt: "sepia",
    });
    expect(recipe.parameters).toEqual({ width: 896, height: 1152 });
    expect(recipe.inputs).toHaveLength(1);
    const [input] = recipe.inputs;
    expect(input).toMatchObject({ position: 0, available: true, parentOperationId: made.operationId });
    expect(input.sha256).toBe(sha256(await bytesOf(made.result.sample, cookie)));
    expect(input.parent).toMatchObject({
      operationId: made.operationId,
      kind: "generate",
      provider: "local",
      model: "procedural-scenes",
      seed: 7,
      prompt: "a sunny beach",
      parameters: { aspectRatio: "portrait", width: 896, height: 1152 },
      inputs: [],
    });

    // A result card knows its image's URL: the file leads to the same recipe, for its owner only.
    const fileId = edited.result.sample.replace("/api/files/", "");
    const byFile = await fileRecipe(apiRequest("GET", `/api/files/${fileId}/recipe`, { cookie }), params(fileId));
    expect(await byFile.json()).toEqual({ operationId: edited.operationId, recipe });
    const stranger = await signedInUser();
    expect((await fileRecipe(apiRequest("GET", `/api/files/${fileId}/recipe`, { cookie: stranger.cookie }), params(fileId))).status).toBe(404);
    expect((await fileRecipe(apiRequest("GET", `/api/files/${fileId}/recipe`), params(fileId))).status).toBe(401);

    // The same result sent back as a data URL is still found to be that generation's.
    const fromData = await (
      await edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "blur", imageUrl: dataUrl(await bytesOf(made.result.sample, cookie)) } }))
    ).json();
    expect((await recipeOf(fromData.operationId, cookie)).inputs[0].parentOperationId).toBe(made.operationId);

    // An upload of the user's own photo has no parent.
    const upload = await (
      await edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "sepia", imageUrl: dataUrl(photo("coffee.png")) } }))
    ).json();
    expect((await recipeOf(upload.operationId, cookie)).inputs[0]).toMatchObject({
      parentOperationId: null,
      parent: null,
      sha256: sha256(photo("coffee.png")),
    });
  });

  it("makes a generation and an edit again with identical bytes, at the same cost", async () => {
    const { user, cookie } = await signedInUser();
    const made = await (await generateWith(cookie, { prompt: "mountains under a starry sky", count: 2 })).json();
    const second = made.results[1];
    const again = await makeAgain(second.operationId, cookie);
    expect(again.status).toBe(200);
    const againBody = await again.json();
    expect(againBody.operationId).not.toBe(second.operationId);
    expect(againBody.result.sample).not.toBe(second.sample);
    expect((await bytesOf(againBody.result.sample, cookie)).equals(await bytesOf(second.sample, cookie))).toBe(true);
    expect((await recipeOf(againBody.operationId, cookie)).repeatOf).toBe(second.operationId);

    const edited = await (
      await edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "make it vintage", imageUrl: dataUrl(photo("astronaut.png")) } }))
    ).json();
    const editAgain = await (await makeAgain(edited.operationId, cookie)).json();
    expect((await bytesOf(editAgain.result.sample, cookie)).equals(await bytesOf(edited.result.sample, cookie))).toBe(true);
    const editRecipe = await recipeOf(editAgain.operationId, cookie);
    expect(editRecipe.inputs[0].sha256).toBe(sha256(photo("astronaut.png")));

    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "spend:-2", "spend:-2", "spend:-3", "spend:-3"]);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("makes a cartoon again with identical bytes, its clustering seeded like every local step", async () => {
    const { user, cookie } = await signedInUser();
    // A quarter of the photo still gives k-means its full 24,000 samples (cartoon.ts), at a quarter of the filter's work.
    const quarter = await sharp(photo("coffee.png")).resize(300).png().toBuffer();
    const first = await (await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(quarter), operation: "cartoon_style", style: "anime" }))).json();
    const again = await (await makeAgain(first.operationId, cookie)).json();
    expect((await bytesOf(again.result.sample, cookie)).equals(await bytesOf(first.result.sample, cookie))).toBe(true);
    expect((await recipeOf(again.operationId, cookie)).parameters).toEqual({ style: "anime" });
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-3", "spend:-3"]);
  });

  it("makes nothing again for someone else, a guest, or once the inputs have expired", async () => {
    const { user, cookie } = await signedInUser();
    const edited = await (
      await edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "sepia", imageUrl: dataUrl(photo("coffee.png")) } }))
    ).json();
    const stranger = await signedInUser();
    expect((await makeAgain(edited.operationId, stranger.cookie)).status).toBe(404);
    expect((await makeAgain(edited.operationId)).status).toBe(401);
    expect((await makeAgain("not-an-operation", cookie)).status).toBe(404);

    const input = await db.operationInput.findFirstOrThrow({ where: { operationId: edited.operationId } });
    await db.storedFile.update({ where: { id: input.fileId! }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await makeAgain(edited.operationId, cookie);
    expect(expired.status).toBe(410);
    expect((await expired.json()).error).toBe("inputs_expired");
    expect((await recipeOf(edited.operationId, cookie)).inputs[0].available).toBe(false);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-3"]);
    expect(await ledgerKinds(stranger.user.id)).toEqual(["grant:60"]);
  });
});
