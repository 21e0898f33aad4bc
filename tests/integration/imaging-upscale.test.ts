// POST /api/upscale through a real worker and the real models: exact sizes, 2 credits, a refund when
// the model fails, and refusals (bad settings, results over the budget) before any charge.
import sharp from "sharp";
import { POST as upscale } from "@/app/api/upscale/route";
import { db } from "@/lib/db";
import { releaseUpscaleModels, upscaleTileWithModel } from "@/lib/imaging/local/upscale-model";
import { reportProgress } from "@/lib/jobs/settle";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, blob, fetchFile, ledgerKinds, ledgerMatchesBalance, multipartRequest } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";

jest.mock("@/lib/jobs/settle", () => {
  const actual = jest.requireActual<typeof import("@/lib/jobs/settle")>("@/lib/jobs/settle");
  return { ...actual, reportProgress: jest.fn(actual.reportProgress) };
});
jest.mock("@/lib/imaging/local/upscale-model", () => {
  const actual = jest.requireActual<typeof import("@/lib/imaging/local/upscale-model")>("@/lib/imaging/local/upscale-model");
  return { ...actual, upscaleTileWithModel: jest.fn(actual.upscaleTileWithModel) };
});

// The first call starts TensorFlow.js and loads a model; the machine may be busy.
jest.setTimeout(120_000);

withImageWorker();
afterAll(() => releaseUpscaleModels());

async function photo(width: number, height: number): Promise<Buffer> {
  // A few soft shapes, so the models have something to sharpen.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#3b6ea5"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#f2c14e"/>
    <rect x="${width / 2}" y="${height / 4}" width="${width / 3}" height="${height / 2}" fill="#e4572e"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function send(cookie: string | undefined, parts: Record<string, string | Blob>, headers: Record<string, string> = {}): Promise<Response> {
  const request = multipartRequest("/api/upscale", cookie, parts);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return upscale(request);
}

async function sizeOf(url: string, cookie: string): Promise<{ width: number; height: number; format: string | undefined }> {
  const file = await fetchFile(url, cookie);
  expect(file.status).toBe(200);
  const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
  return { width: metadata.width!, height: metadata.height!, format: metadata.format };
}

describe("POST /api/upscale", () => {
  it("makes an odd-sized image exactly twice as large, across several tiles, for 2 credits", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await send(cookie, { image: blob(await photo(251, 75)), scale: "2", quality: "fast" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ result: { sample: expect.stringMatching(/^\/api\/files\//) }, operationId: expect.any(String), width: 502, height: 150 });
    expect(await sizeOf(body.result.sample, cookie)).toEqual({ width: 502, height: 150, format: "png" });
    expect(await balanceOf(user.id)).toBe(8);
    expect((await ledgerKinds(user.id)).at(-1)).toBe("spend:-2");
    const operation = await db.operation.findUniqueOrThrow({ where: { id: body.operationId } });
    expect(operation).toMatchObject({ kind: "upscale", provider: "local", status: "succeeded", cost: 2, progress: 100 });
    expect(operation.params).toMatchObject({ scale: 2, upscaleQuality: "fast" });
    // Two tiles: the progress moves after each, then the result is saved.
    const progress = jest.mocked(reportProgress).mock.calls.filter(([id]) => id === body.operationId);
    expect(progress.map(([, stage, percent]) => [stage, percent])).toEqual([
      ["upscaling", 50],
      ["upscaling", 89],
      ["saving", 90],
    ]);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("makes an image four times as large with the high-quality model, answering 202 when asked", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const accepted = await send(cookie, { image: blob(await photo(33, 21)), scale: "4", quality: "high" }, { prefer: "respond-async" });
    expect(accepted.status).toBe(202);
    const { operationId } = await accepted.json();
    let operation = await db.operation.findUniqueOrThrow({ where: { id: operationId }, include: { resultFile: true } });
    for (let tries = 0; tries < 600 && !["succeeded", "failed", "canceled"].includes(operation.status); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      operation = await db.operation.findUniqueOrThrow({ where: { id: operationId }, include: { resultFile: true } });
    }
    expect(operation.status).toBe("succeeded");
    expect([operation.resultFile?.width, operation.resultFile?.height]).toEqual([132, 84]);
    expect(await balanceOf(user.id)).toBe(8);
  });

  it("refunds the 2 credits when the model fails", async () => {
    jest.mocked(upscaleTileWithModel).mockRejectedValueOnce(new Error("The upscaling thread stopped (exit code 1)"));
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await send(cookie, { image: blob(await photo(40, 40)), scale: "2", quality: "fast" });
    expect(response.status).toBeGreaterThanOrEqual(500);
    expect((await response.json()).message).toEqual(expect.any(String));
    expect(await balanceOf(user.id)).toBe(10);
    expect((await ledgerKinds(user.id)).slice(-2)).toEqual(["spend:-2", "refund:2"]);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it.each([
    // 12 kB on the wire, 4 megapixels in, 64 out: over every operation's 40 megapixel limit.
    [2000, "4", "fast", "The result would have too many pixels (at most 40 megapixels)."],
    [1200, "4", "fast", "The upscaled image would have 23 megapixels; Fast upscaling makes at most 16 megapixels. Choose a smaller scale, or a smaller image."],
    [
      1100,
      "2",
      "high",
      "The upscaled image would have 5 megapixels; High quality upscaling makes at most 4 megapixels. Choose a smaller scale or Fast quality, or a smaller image.",
    ],
  ])("refuses %i px squares at %s× %s with 413 before any charge", async (side, scale, quality, message) => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const square = await sharp({ create: { width: side, height: side, channels: 3, background: "#000000" } })
      .png({ palette: true, colors: 2, compressionLevel: 9 })
      .toBuffer();
    const response = await send(cookie, { image: blob(square), scale, quality });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe(message);
    expect(await balanceOf(user.id)).toBe(10);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  });

  it.each([
    ["scale 3", { scale: "3", quality: "fast" }, "Choose a scale of 2 or 4."],
    ["no scale", { quality: "fast" }, "Choose a scale of 2 or 4."],
    ["an unknown quality", { scale: "2", quality: "ultra" }, "Choose fast or high quality."],
  ])("refuses %s with 400 before any charge", async (_label, fields, message) => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await send(cookie, { image: blob(await photo(20, 20)), ...fields });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(await balanceOf(user.id)).toBe(10);
  });

  it("refuses a user without 2 credits with 402, and a guest with 401", async () => {
    const { user, cookie } = await signedInUser({ credits: 1 });
    const poor = await send(cookie, { image: blob(await photo(20, 20)), scale: "2", quality: "fast" });
    expect(poor.status).toBe(402);
    expect(await balanceOf(user.id)).toBe(1);
    const guest = await upscale(apiRequest("POST", "/api/upscale"));
    expect(guest.status).toBe(401);
  });
});
