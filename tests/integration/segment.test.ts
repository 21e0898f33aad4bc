// POST /api/segment through a real worker and the real model: a tap on a real photo selects the
// object under it (checked against a mask drawn by hand), further taps reuse the cached embedding,
// and nothing is charged.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { POST as segment } from "@/app/api/segment/route";
import { db } from "@/lib/db";
import { segmentModelRuns } from "@/lib/imaging/local/segment-model";
import { imageDigest } from "@/lib/imaging/segment-cache";
import { blobStore } from "@/lib/storage/store";
import { flatOneBitPng } from "../fixtures/png-bombs";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, dataUrl, fetchFile, ledgerKinds, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";

// One encoder run (seconds on a busy two-core machine) and a few decoder runs.
jest.setTimeout(180_000);

withImageWorker();

const coffee = photo("coffee.png");
/** The cup on its saucer, traced by hand (tests/fixtures/segment/README.md). */
const REFERENCE = readFileSync(path.join(process.cwd(), "tests/fixtures/segment/coffee-cup-mask.png"));
/** A tap on the cup's red side. */
const ON_CUP = { x: 300, y: 235, label: 1 } as const;
/** The bowl of the spoon that rests on the saucer. */
const ON_SPOON = { x: 365, y: 290, label: 0 } as const;
const MIN_IOU = 0.85;

async function maskBits(buffer: Buffer): Promise<{ bits: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(buffer).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { bits: Uint8Array.from(data, (value) => (value >= 128 ? 1 : 0)), width: info.width, height: info.height };
}

const areaOf = (bits: Uint8Array) => bits.reduce((sum, bit) => sum + bit, 0);

/** Intersection over union, and the share of `a` that lies outside `b`. */
function overlap(a: Uint8Array, b: Uint8Array): { iou: number; outside: number } {
  let both = 0;
  let either = 0;
  let onlyA = 0;
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] && b[i]) both += 1;
    if (a[i] || b[i]) either += 1;
    if (a[i] && !b[i]) onlyA += 1;
  }
  return { iou: both / either, outside: onlyA / Math.max(1, areaOf(a)) };
}

function post(body: unknown, cookie?: string) {
  return segment(apiRequest("POST", "/api/segment", { cookie, body }));
}

let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  user = await signedInUser();
  // Another run may have cached this photo's embedding: the first tap here must compute it.
  const stored = await db.storedFile.findMany({ where: { storageKey: { contains: imageDigest(coffee) } } });
  for (const file of stored) {
    await blobStore().delete(file.storageKey);
    await db.storedFile.delete({ where: { id: file.id } });
  }
});

describe("POST /api/segment", () => {
  let imageUrl = "";
  let firstArea = 0;

  it("selects the cup on its saucer from one tap, matching the hand-drawn outline, for free", async () => {
    const before = segmentModelRuns();
    const response = await post({ image: dataUrl(coffee), points: [ON_CUP] }, user.cookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ width: 600, height: 400 });
    expect(body.mask).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);
    expect(body.image).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);
    expect(body.score).toBeGreaterThan(0.5);
    expect(body.score).toBeLessThanOrEqual(1);

    const file = await fetchFile(body.mask, user.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    const maskPng = Buffer.from(await file.arrayBuffer());
    const mask = await maskBits(maskPng);
    expect([mask.width, mask.height]).toEqual([600, 400]);
    const reference = await maskBits(REFERENCE);
    const { iou, outside } = overlap(mask.bits, reference.bits);
    expect(iou).toBeGreaterThan(MIN_IOU);
    // Little else: under a tenth of the selection lies off the cup and saucer.
    expect(outside).toBeLessThan(0.1);
    firstArea = areaOf(mask.bits);

    expect(segmentModelRuns().encoder - before.encoder).toBe(1);
    expect(segmentModelRuns().decoder - before.decoder).toBe(1);
    expect(await balanceOf(user.user.id)).toBe(60);
    expect(await ledgerKinds(user.user.id)).toEqual(["grant:60"]);
    const operations = await db.operation.findMany({ where: { userId: user.user.id, kind: "segment" } });
    expect(operations).toHaveLength(1);
    expect(operations[0]).toMatchObject({ status: "succeeded", cost: 0, spendTransactionId: null, provider: "local" });
    imageUrl = body.image;
  });

  it("answers a further tap on the same image from the cached embedding, subtracting what a 0-label point marks", async () => {
    expect(imageUrl).not.toBe("");
    const before = segmentModelRuns();
    const response = await post({ image: imageUrl, points: [ON_CUP, ON_SPOON] }, user.cookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(segmentModelRuns().encoder).toBe(before.encoder);
    expect(segmentModelRuns().decoder - before.decoder).toBe(1);

    const mask = await maskBits(Buffer.from(await (await fetchFile(body.mask, user.cookie)).arrayBuffer()));
    expect(mask.bits[ON_SPOON.y * 600 + ON_SPOON.x]).toBe(0);
    expect(mask.bits[ON_CUP.y * 600 + ON_CUP.x]).toBe(1);
    expect(areaOf(mask.bits)).toBeLessThan(firstArea);
  });

  it("finds the cache by the image's content, whichever way it is sent", async () => {
    const before = segmentModelRuns();
    const response = await post({ image: dataUrl(coffee), points: [ON_CUP] }, user.cookie);
    expect(response.status).toBe(200);
    expect(segmentModelRuns().encoder).toBe(before.encoder);
    const cached = await db.storedFile.findMany({ where: { storageKey: { contains: imageDigest(coffee) } } });
    expect(cached).toHaveLength(1);
    expect(cached[0]).toMatchObject({ isPrivate: true, userId: null, contentType: "application/octet-stream" });
    expect(await ledgerKinds(user.user.id)).toEqual(["grant:60"]);
  });

  it("refuses guests with 401", async () => {
    const response = await post({ image: dataUrl(coffee), points: [ON_CUP] });
    expect(response.status).toBe(401);
  });

  it.each([
    ["a point outside the image", { points: [{ x: 600, y: 10, label: 1 }] }, 400, "point_out_of_range"],
    ["a point below the image", { points: [{ x: 10, y: 450, label: 1 }] }, 400, "point_out_of_range"],
    ["a negative coordinate", { points: [{ x: -1, y: 10, label: 1 }] }, 400, "invalid_request"],
    ["no points", { points: [] }, 400, "invalid_request"],
    ["only subtracting points", { points: [{ x: 10, y: 10, label: 0 }] }, 400, "invalid_request"],
    ["a label other than 0 or 1", { points: [{ x: 10, y: 10, label: 2 }] }, 400, "invalid_request"],
    ["too many points", { points: Array.from({ length: 25 }, (_, i) => ({ x: i, y: i, label: 1 })) }, 400, "invalid_request"],
    ["an image that is not one", { image: "data:image/png;base64,AAAA" }, 400, "unsupported_image_type"],
    ["an address elsewhere", { image: "https://example.com/cat.png" }, 400, "invalid_image_url"],
    ["a file that does not exist", { image: "/api/files/AAAAAAAAAAAAAAAAAAAAAAAA" }, 404, "file_not_found"],
  ])("answers %s with a clear error", async (_label, change, status, code) => {
    const response = await post({ image: imageUrl || dataUrl(coffee), points: [ON_CUP], ...change }, user.cookie);
    expect(response.status).toBe(status);
    expect((await response.json()).error).toBe(code);
  });

  it("takes points in the picture as shown, with its EXIF orientation applied", async () => {
    // Stored 40 wide and 20 high, shown turned a quarter: 20 wide and 40 high.
    const turned = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#4080c0" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const response = await post({ image: dataUrl(turned, "image/jpeg"), points: [{ x: 30, y: 10, label: 1 }] }, user.cookie);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "point_out_of_range", message: "Every point must lie inside the 20×40 image." });
  });

  it("refuses an image over the pixel budget before any work", async () => {
    // A flat 8000×6000 PNG of a few kilobytes: compressing a real 48-megapixel picture for the request
    // would cost more than the whole check.
    const huge = flatOneBitPng(8000, 6000, [0x80, 0x80, 0x80]);
    const before = await db.operation.count({ where: { userId: user.user.id } });
    const response = await post({ image: dataUrl(huge), points: [{ x: 10, y: 10, label: 1 }] }, user.cookie);
    expect([400, 413]).toContain(response.status);
    expect((await response.json()).error).toBe("image_too_many_pixels");
    expect(await db.operation.count({ where: { userId: user.user.id } })).toBe(before);
  });

  it("limits taps per account with 429 and Retry-After", async () => {
    setSettings({ SEGMENT_RATE_LIMIT: "2" });
    const tapper = await signedInUser();
    // Refused points cost no model work, but every tap counts.
    const tap = () => post({ image: dataUrl(coffee), points: [{ x: 700, y: 10, label: 1 }] }, tapper.cookie);
    expect((await tap()).status).toBe(400);
    expect((await tap()).status).toBe(400);
    const limited = await tap();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/Too many selections/);
  });

  it("will not select on someone else's private image", async () => {
    const other = await signedInUser();
    const response = await post({ image: imageUrl, points: [ON_CUP] }, other.cookie);
    expect(response.status).toBe(404);
  });
});
