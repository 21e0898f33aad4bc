// The workers' image check with the real classifier (nsfwjs), through an edit on the local engine. No
// explicit picture is kept in the repository: the threshold is lowered below the explicit score
// (Porn + Hentai) one of the test photos reaches, edge-horizon.png at about 0.54, so that photo stands
// for an explicit one; at the default threshold (0.85) it passes.
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { classifyProcessingError } from "@/lib/imaging/processing-errors";
import { PROMPT_REFUSED_MESSAGES } from "@/lib/moderation/refusal-message";
import { explicitScore, releaseContentModel, type ContentReview } from "@/lib/moderation/image";
import { setSettings } from "../setup/settings";
import { FakeFlux } from "../fakes/flux-server";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, blob, ledgerKinds, multipartRequest, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { readFileSync } from "node:fs";
import path from "node:path";

// The model loads once for the file (seconds), then each check takes a fraction of a second.
jest.setTimeout(120_000);

withImageWorker();
afterAll(async () => {
  await releaseContentModel();
  await db.$disconnect();
});

/** Its explicit score is about 0.54: a threshold of 0.5 makes the check treat it as explicit. */
const horizon = readFileSync(path.join(__dirname, "..", "fixtures", "photos", "edge-horizon.png"));
const LOWERED = "0.5";

const lastOperation = (userId: string) => db.operation.findFirstOrThrow({ where: { userId }, orderBy: { createdAt: "desc" }, include: { resultFile: true } });

async function editAs(cookie: string, image: Buffer, language = "en") {
  const request = multipartRequest("/api/flux/edit", cookie, { image: blob(image), prompt: "make it warmer" });
  request.headers.set("accept-language", language);
  const response = await edit(request);
  return { status: response.status, body: (await response.json()) as { error?: string; code?: string; message?: string } };
}

describe("MODERATION=block", () => {
  it("refuses an input over the threshold with 422 content_refused in the caller's language, refunds it and stores no result", async () => {
    setSettings({ MODERATION: "block", MODERATION_THRESHOLD: LOWERED });
    const { cookie, user } = await signedInUser();
    const before = await balanceOf(user.id);
    const answer = await editAs(cookie, horizon, "de");

    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: "content_refused", message: PROMPT_REFUSED_MESSAGES.de });
    expect(classifyProcessingError({ status: answer.status, code: answer.body.error, message: answer.body.message }).kind).toBe("refused");
    expect(await balanceOf(user.id)).toBe(before);
    const kinds = await ledgerKinds(user.id);
    const spent = kinds.find((kind) => kind.startsWith("spend:"))!;
    expect(kinds.slice(-2)).toEqual([spent, spent.replace("spend:-", "refund:")]);

    const operation = await lastOperation(user.id);
    expect(operation).toMatchObject({ status: "failed", errorCode: "content_refused", errorStatus: 422, resultFileId: null, reviewStatus: null });
    expect(await db.storedFile.count({ where: { userId: user.id, resultOf: { some: {} } } })).toBe(0);
    expect(operation.moderation).toMatchObject({ by: "image-check", reason: "input 1", categories: ["Porn", "Hentai"] });
    const scores = operation.contentScores as unknown as ContentReview;
    expect(scores).toMatchObject({ model: "nsfwjs MobileNetV2", threshold: 0.5, mode: "block" });
    expect(scores.inputs).toHaveLength(1);
    expect(explicitScore(scores.inputs[0]!)).toBeGreaterThanOrEqual(0.5);
    expect(scores.result).toBeUndefined();
  });

  it("lets the same photo through at the default threshold, with its scores and the result's kept", async () => {
    setSettings({ MODERATION: "block", MODERATION_THRESHOLD: undefined });
    const { cookie, user } = await signedInUser();
    const answer = await editAs(cookie, horizon);

    expect(answer.status).toBe(200);
    const operation = await lastOperation(user.id);
    expect(operation).toMatchObject({ status: "succeeded", reviewStatus: null, moderation: null });
    const scores = operation.contentScores as unknown as ContentReview;
    expect(scores).toMatchObject({ threshold: 0.85, mode: "block" });
    expect(explicitScore(scores.inputs[0]!)).toBeLessThan(0.85);
    expect(Object.keys(scores.result!).sort()).toEqual(["Drawing", "Hentai", "Neutral", "Porn", "Sexy"]);
    // Rounded to 4 decimals.
    for (const value of Object.values(scores.result!)) expect(Math.round(value * 10_000) / 10_000).toBe(value);
  });
});

describe("a result over the threshold whose inputs passed", () => {
  // A generation has no input picture and its prompt passes: only the result check can stop it. The
  // fake provider draws the photo that stands for an explicit one.
  const flux = new FakeFlux();
  const FLUX = ["BFL_API_KEY", "BFL_BASE_URL", "BFL_POLL_INTERVAL_MS", "IMAGE_PROVIDER_MAX_RETRIES"];
  beforeAll(async () => {
    await flux.start();
    flux.samplePng = horizon;
    setSettings({ BFL_API_KEY: flux.apiKey, BFL_BASE_URL: flux.apiUrl, BFL_POLL_INTERVAL_MS: "20", IMAGE_PROVIDER_MAX_RETRIES: "0" });
  });
  afterAll(async () => {
    setSettings(Object.fromEntries(FLUX.map((name) => [name, undefined])));
    await flux.stop();
  });

  async function generateAs(cookie: string) {
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a lighthouse on a cliff at dusk" } }));
    return { status: response.status, body: (await response.json()) as { error?: string; message?: string } };
  }

  it("is refused with MODERATION=block: 422 content_refused, the credits refunded, no result stored", async () => {
    setSettings({ MODERATION: "block", MODERATION_THRESHOLD: LOWERED });
    const { cookie, user } = await signedInUser();
    const before = await balanceOf(user.id);
    const answer = await generateAs(cookie);

    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ error: "content_refused", message: PROMPT_REFUSED_MESSAGES.en });
    expect(flux.downloads).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(before);
    const kinds = await ledgerKinds(user.id);
    const spent = kinds.find((kind) => kind.startsWith("spend:"))!;
    expect(kinds.slice(-2)).toEqual([spent, spent.replace("spend:-", "refund:")]);
    const operation = await lastOperation(user.id);
    expect(operation).toMatchObject({ kind: "generate", status: "failed", errorCode: "content_refused", resultFileId: null, reviewStatus: null });
    expect(operation.moderation).toMatchObject({ by: "image-check", reason: "result", categories: ["Porn", "Hentai"] });
    const scores = operation.contentScores as unknown as ContentReview;
    expect(scores.inputs).toEqual([]);
    expect(explicitScore(scores.result!)).toBeGreaterThanOrEqual(0.5);
    expect(await db.storedFile.count({ where: { userId: user.id } })).toBe(0);
  });

  it("is kept and queued for review with MODERATION=flag, the credits spent", async () => {
    setSettings({ MODERATION: "flag", MODERATION_THRESHOLD: LOWERED });
    const { cookie, user } = await signedInUser();
    const before = await balanceOf(user.id);
    expect((await generateAs(cookie)).status).toBe(200);
    const operation = await lastOperation(user.id);
    expect(operation).toMatchObject({ kind: "generate", status: "succeeded", reviewStatus: "pending", moderation: null });
    expect(operation.resultFile).not.toBeNull();
    expect(await balanceOf(user.id)).toBeLessThan(before);
    expect(explicitScore((operation.contentScores as unknown as ContentReview).result!)).toBeGreaterThanOrEqual(0.5);
  });
});

describe("MODERATION=flag", () => {
  it("keeps the result of a flagged photo and queues the operation for review, with the scores", async () => {
    setSettings({ MODERATION: "flag", MODERATION_THRESHOLD: LOWERED });
    const { cookie, user } = await signedInUser();
    const before = await balanceOf(user.id);
    const answer = await editAs(cookie, horizon);

    expect(answer.status).toBe(200);
    const operation = await lastOperation(user.id);
    expect(operation).toMatchObject({ status: "succeeded", reviewStatus: "pending", moderation: null });
    expect(operation.resultFile).not.toBeNull();
    expect(await balanceOf(user.id)).toBeLessThan(before);
    const scores = operation.contentScores as unknown as ContentReview;
    expect(scores).toMatchObject({ mode: "flag", threshold: 0.5 });
    expect(explicitScore(scores.inputs[0]!)).toBeGreaterThanOrEqual(0.5);
    expect(scores.result).toBeDefined();
  });

  it("leaves an operation under the threshold out of the review queue", async () => {
    setSettings({ MODERATION: "flag", MODERATION_THRESHOLD: LOWERED });
    const { cookie, user } = await signedInUser();
    expect((await editAs(cookie, photo("coffee.png"))).status).toBe(200);
    const operation = await lastOperation(user.id);
    expect(operation).toMatchObject({ status: "succeeded", reviewStatus: null });
    expect(operation.contentScores).not.toBeNull();
  });
});

describe("MODERATION=off", () => {
  it("checks nothing and stores no scores, even at a threshold the photo reaches", async () => {
    setSettings({ MODERATION: "off", MODERATION_THRESHOLD: LOWERED });
    const { cookie, user } = await signedInUser();
    expect((await editAs(cookie, horizon)).status).toBe(200);
    const operation = await lastOperation(user.id);
    expect(operation).toMatchObject({ status: "succeeded", reviewStatus: null, contentScores: null });
  });
});
