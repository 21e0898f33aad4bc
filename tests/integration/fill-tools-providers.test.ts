// Expand and "Replace with…" (generative fill) with AI providers configured, against fakes that speak
// Flux's and OpenAI's HTTP APIs: the requests they get, results that keep the original pixels, and
// every provider failure refunded.
import sharp from "sharp";
import { POST as removeObject } from "@/app/api/openai/object-removal/route";
import { db } from "@/lib/db";
import { EXPAND_PROMPT } from "@/lib/imaging/presets";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, blob, dataUrl, fetchFile, ledgerKinds, ledgerMatchesBalance, multipartRequest, photo } from "./imaging-helpers";
import { withFakeProviders } from "./fake-providers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";
import { photoToolRoute } from "./photo-tool-route";

const expand = photoToolRoute("expand");

jest.setTimeout(60_000);

withImageWorker();

const { flux, openai } = withFakeProviders();

beforeEach(() => {
  setSettings({ IMAGE_PROVIDER_EXPAND: undefined, IMAGE_PROVIDER_OBJECT_REMOVAL: undefined });
});

/** A 120×90 piece of the coffee photo. */
const piece = () => sharp(photo("coffee.png")).extract({ left: 360, top: 140, width: 120, height: 90 }).png().toBuffer();

async function rgb(buffer: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Rows of `original` that differ from the result at the given offset. */
async function differingRows(original: Buffer, result: Buffer, left: number, top: number): Promise<number> {
  const source = await rgb(original);
  const made = await rgb(result);
  let differing = 0;
  for (let y = 0; y < source.height; y += 1) {
    const from = y * source.width * 3;
    const to = ((top + y) * made.width + left) * 3;
    if (!source.data.subarray(from, from + source.width * 3).equals(made.data.subarray(to, to + source.width * 3))) differing += 1;
  }
  return differing;
}

async function download(url: string, cookie: string): Promise<Buffer> {
  const file = await fetchFile(url, cookie);
  expect(file.status).toBe(200);
  return Buffer.from(await file.arrayBuffer());
}

const expandRequest = (cookie: string, body: Record<string, unknown>) => apiRequest("POST", "/api/expand", { cookie, body });

/** A black-on-white mask with a disc painted over the middle of the 120×90 piece. */
const discMask = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: "#ffffff" } })
    .composite([{ input: Buffer.from('<svg width="120" height="90"><circle cx="60" cy="45" r="15" fill="#000"/></svg>') }])
    .png()
    .toBuffer();

describe("expand with Flux", () => {
  it("sends the image and each side's pixels to Flux's expand endpoint, polls it, and keeps the original pixels", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const original = await piece();
    const response = await expand(expandRequest(cookie, { image: dataUrl(original), aspect: "16:9" }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect([body.width, body.height]).toEqual([160, 90]);
    const submit = flux.submits.at(-1)!;
    expect(submit.model).toBe("flux-pro-1.0-expand");
    expect(submit.body).toMatchObject({
      image: original.toString("base64"),
      top: 0,
      bottom: 0,
      left: 20,
      right: 20,
      prompt: EXPAND_PROMPT,
      output_format: "png",
    });
    expect(typeof submit.body.seed).toBe("number");
    expect(flux.pollsFor(submit.id).map((poll) => poll.status)).toEqual(["Pending", "Ready"]);
    const result = await download(body.result.sample, cookie);
    const size = await sharp(result).metadata();
    expect([size.width, size.height]).toEqual([160, 90]);
    expect(await differingRows(original, result, 20, 0)).toBe(0);
    const operation = await db.operation.findUniqueOrThrow({ where: { id: body.operationId } });
    expect(operation).toMatchObject({ kind: "expand", provider: "flux", model: "flux-pro-1.0-expand", cost: 2, status: "succeeded" });
    expect(await balanceOf(user.id)).toBe(8);
  });

  it("passes the user's description of the new borders", async () => {
    const { cookie } = await signedInUser({ credits: 10 });
    const response = await expand(expandRequest(cookie, { image: dataUrl(await piece()), top: 30, prompt: "a stormy sky" }));
    expect(response.status).toBe(200);
    expect(flux.submits.at(-1)!.body).toMatchObject({ top: 30, bottom: 0, left: 0, right: 0, prompt: "a stormy sky" });
  });

  it.each([
    ["fails", { kind: "error", message: "Generation failed on the inference worker." } as const, 502],
    ["is moderated", { kind: "content-moderated" } as const, 422],
    ["never finishes", { kind: "never-ready" } as const, 504],
  ])("refunds the 2 credits when Flux %s", async (_label, scenario, status) => {
    flux.scenario = scenario;
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await expand(expandRequest(cookie, { image: dataUrl(await piece()), aspect: "1:1" }));
    expect(response.status).toBe(status);
    expect(await balanceOf(user.id)).toBe(10);
    expect((await ledgerKinds(user.id)).slice(-2)).toEqual(["spend:-2", "refund:2"]);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("refuses a side Flux cannot grow (over 2048 pixels) before any charge", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await expand(expandRequest(cookie, { image: dataUrl(await piece()), left: 2100 }));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Flux adds at most 2048 pixels on a side. Choose a smaller frame.");
    expect(await balanceOf(user.id)).toBe(10);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
    expect(flux.submits).toHaveLength(0);
  });
});

describe("expand with OpenAI", () => {
  it("sends the picture in its frame with transparent margins and a matching mask, and keeps the original pixels", async () => {
    setSettings({ IMAGE_PROVIDER_EXPAND: "openai" });
    const { user, cookie } = await signedInUser({ credits: 10 });
    const original = await piece();
    const response = await expand(expandRequest(cookie, { image: dataUrl(original), aspect: "9:16" }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect([body.width, body.height]).toEqual([120, 213]);
    const request = openai.requests.at(-1)!;
    expect(request.path).toBe("/v1/images/edits");
    const part = (name: string) => request.parts!.find((candidate) => candidate.name === name || candidate.name === `${name}[]`);
    expect(part("prompt")?.value).toBe(EXPAND_PROMPT);
    const sentImage = await sharp(part("image")!.file!.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const sentMask = await sharp(part("mask")!.file!.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([sentImage.info.width, sentImage.info.height]).toEqual([120, 213]);
    expect([sentMask.info.width, sentMask.info.height]).toEqual([120, 213]);
    // The margins are transparent in both; the picture (61 rows down) is opaque in both.
    const alphaAt = (raw: typeof sentImage, x: number, y: number) => raw.data[(y * raw.info.width + x) * 4 + 3];
    expect([alphaAt(sentImage, 60, 10), alphaAt(sentMask, 60, 10), alphaAt(sentImage, 60, 200), alphaAt(sentMask, 60, 200)]).toEqual([0, 0, 0, 0]);
    expect([alphaAt(sentImage, 60, 100), alphaAt(sentMask, 60, 100)]).toEqual([255, 255]);
    expect(await differingRows(original, await download(body.result.sample, cookie), 0, 61)).toBe(0);
    expect(await db.operation.findUniqueOrThrow({ where: { id: body.operationId } })).toMatchObject({ provider: "openai", status: "succeeded", cost: 2 });
    expect(await balanceOf(user.id)).toBe(8);
  });

  it("refunds the 2 credits when OpenAI fails", async () => {
    setSettings({ IMAGE_PROVIDER_EXPAND: "openai" });
    openai.scenario = { kind: "server-error" };
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await expand(expandRequest(cookie, { image: dataUrl(await piece()), aspect: "1:1" }));
    expect(response.status).toBe(502);
    expect(await balanceOf(user.id)).toBe(10);
    expect((await ledgerKinds(user.id)).slice(-2)).toEqual(["spend:-2", "refund:2"]);
  });
});

describe("Replace with… (generative fill)", () => {
  const replace = async (cookie: string, replaceWith: string) =>
    removeObject(multipartRequest("/api/openai/object-removal", cookie, { image: blob(await piece()), mask: blob(await discMask()), replaceWith }));

  it("asks Flux Fill to draw the description in the marked area, for 1 credit", async () => {
    setSettings({ IMAGE_PROVIDER_OBJECT_REMOVAL: "flux" });
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await replace(cookie, "a small yellow sunflower");
    expect(response.status).toBe(200);
    const submit = flux.submits.at(-1)!;
    expect(submit.model).toBe("flux-pro-1.0-fill");
    expect(submit.body.prompt).toBe("a small yellow sunflower");
    const mask = await sharp(Buffer.from(String(submit.body.mask), "base64")).metadata();
    expect([mask.width, mask.height]).toEqual([120, 90]);
    const operation = await db.operation.findUniqueOrThrow({ where: { id: (await response.json()).operationId } });
    expect(operation).toMatchObject({ kind: "object_removal", provider: "flux", prompt: "a small yellow sunflower", cost: 1 });
    expect(operation.params).toMatchObject({ fill: "replace" });
    expect(await balanceOf(user.id)).toBe(9);
  });

  it("uses a keyed provider even when plain removal is set to the local engine", async () => {
    setSettings({ IMAGE_PROVIDER_OBJECT_REMOVAL: "local" });
    const { cookie } = await signedInUser({ credits: 10 });
    const response = await replace(cookie, "a red apple");
    expect(response.status).toBe(200);
    expect(flux.submits.at(-1)).toMatchObject({ model: "flux-pro-1.0-fill", body: { prompt: "a red apple" } });
  });

  it("asks OpenAI's edit with the mask to draw the description", async () => {
    setSettings({ IMAGE_PROVIDER_OBJECT_REMOVAL: "openai" });
    const { cookie } = await signedInUser({ credits: 10 });
    const response = await replace(cookie, "a glass of water");
    expect(response.status).toBe(200);
    const request = openai.requests.at(-1)!;
    expect(request.parts!.find((part) => part.name === "prompt")?.value).toBe("a glass of water");
    expect(request.parts!.some((part) => part.name === "mask" && part.file)).toBe(true);
  });

  it.each([
    ["Flux moderates it", "flux", 422],
    ["OpenAI fails", "openai", 502],
  ])("refunds the credit when %s", async (_label, provider, status) => {
    setSettings({ IMAGE_PROVIDER_OBJECT_REMOVAL: provider });
    flux.scenario = { kind: "request-moderated" };
    openai.scenario = { kind: "server-error" };
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await replace(cookie, "a dragon");
    expect(response.status).toBe(status);
    expect(await balanceOf(user.id)).toBe(10);
    expect((await ledgerKinds(user.id)).slice(-2)).toEqual(["spend:-1", "refund:1"]);
  });
});
