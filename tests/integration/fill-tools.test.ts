// Expand, background blur, product photos and "Replace with…" on the local engine, through the real
// routes, worker and models: what a user gets (exact sizes, the original pixels kept, pure white, a
// shadow under the product, a sharp subject), what it costs, and every bad input refused with a 4xx
// before any charge.
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { POST as removeObject } from "@/app/api/openai/object-removal/route";
import { POST as repeat } from "@/app/api/operations/[id]/repeat/route";
import { db } from "@/lib/db";
import { PRODUCT_PRESETS } from "@/lib/imaging/product-presets";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, blob, dataUrl, fetchFile, ledgerKinds, ledgerMatchesBalance, multipartRequest, photo } from "./imaging-helpers";
import { withWorkerProcess } from "./worker-process";
import { photoToolRoute } from "./photo-tool-route";

const blurBackground = photoToolRoute("blur-background");
const expand = photoToolRoute("expand");
const productPhoto = photoToolRoute("product-photo");

// The cutout model loads on first use and the machine may be busy.
jest.setTimeout(300_000);

// Every call here runs the local engine's pixel loops; in a process of its own they run at Node's speed.
withWorkerProcess();

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function raw(buffer: Buffer): Promise<Raw> {
  const { data, info } = await sharp(buffer).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function resultOf(response: Response, cookie: string): Promise<{ body: { operationId: string; width: number; height: number }; image: Raw }> {
  expect(response.status).toBe(200);
  const body = await response.json();
  const file = await fetchFile(body.result.sample, cookie);
  expect(file.status).toBe(200);
  return { body, image: await raw(Buffer.from(await file.arrayBuffer())) };
}

/** The result's file as stored, and the size its header gives: no pixels decoded, for a result only measured. */
async function sizeOfResult(
  response: Response,
  cookie: string,
): Promise<{ body: { operationId: string; width: number; height: number }; width?: number; height?: number }> {
  expect(response.status).toBe(200);
  const body = await response.json();
  const file = await fetchFile(body.result.sample, cookie);
  expect(file.status).toBe(200);
  const { width, height } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
  return { body, width, height };
}

/** A PNG whose header claims 30000×30000 pixels: a few hundred bytes on the wire. */
async function pixelBomb(): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const bomb = Buffer.from(png);
  bomb.writeUInt32BE(30_000, 16);
  bomb.writeUInt32BE(30_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/**
 * A 100×80 piece of the coffee photo (table, saucer and cup) shrunk to 50×40: the fill's cost grows
 * with the border it makes, and exact sizes and kept pixels show as well on a small photo.
 */
async function smallPhoto(): Promise<Buffer> {
  return sharp(photo("coffee.png")).extract({ left: 380, top: 150, width: 100, height: 80 }).resize(50, 40).png().toBuffer();
}

const json = (path: string, cookie: string, body: unknown, headers: Record<string, string> = {}) => apiRequest("POST", path, { cookie, body, headers });

describe("POST /api/expand", () => {
  it.each([
    ["1:1", 50, 50, { top: 5, left: 0 }],
    ["4:5", 50, 63, { top: 11, left: 0 }],
    ["3:2", 60, 40, { top: 0, left: 5 }],
    ["16:9", 71, 40, { top: 0, left: 10 }],
    ["9:16", 50, 89, { top: 24, left: 0 }],
  ])("grows a 50×40 photo to %s (%i×%i) keeping every original pixel exactly, for 2 credits", async (aspect, width, height, offset) => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const original = await smallPhoto();
    const { body, image } = await resultOf(await expand(json("/api/expand", cookie, { image: dataUrl(original), aspect })), cookie);
    expect([body.width, body.height, image.width, image.height]).toEqual([width, height, width, height]);
    const source = await raw(original);
    let differing = 0;
    for (let y = 0; y < source.height; y += 1) {
      const from = y * source.width * 3;
      const to = ((offset.top + y) * width + offset.left) * 3;
      if (!source.data.subarray(from, from + source.width * 3).equals(image.data.subarray(to, to + source.width * 3))) differing += 1;
    }
    expect(differing).toBe(0);
    expect(await balanceOf(user.id)).toBe(8);
    const operation = await db.operation.findUniqueOrThrow({ where: { id: body.operationId } });
    expect(operation).toMatchObject({ kind: "expand", provider: "local", model: "exemplar-fill", status: "succeeded", cost: 2 });
    expect(operation.params).toMatchObject({ aspect, width, height });
  });

  it("frames a JPEG turned by its EXIF orientation as it is shown: upright, in a frame of the shown photo's aspect", async () => {
    // Stored 80 wide and 60 high with orientation 6: shown turned a quarter, 60 wide and 80 high.
    const stored = await sharp(photo("coffee.png")).resize(80, 60).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer();
    const upright = await raw(await sharp(stored).rotate().png().toBuffer());
    expect([upright.width, upright.height]).toEqual([60, 80]);
    const { cookie } = await signedInUser({ credits: 10 });
    const { body, image } = await resultOf(await expand(json("/api/expand", cookie, { image: dataUrl(stored, "image/jpeg"), aspect: "1:1" })), cookie);
    // 1:1 around the shown 60×80 photo: 10 columns on either side, no rows.
    expect([body.width, body.height, image.width, image.height]).toEqual([80, 80, 80, 80]);
    let differing = 0;
    for (let y = 0; y < upright.height; y += 1) {
      const from = y * upright.width * 3;
      const to = (y * 80 + 10) * 3;
      if (!upright.data.subarray(from, from + upright.width * 3).equals(image.data.subarray(to, to + upright.width * 3))) differing += 1;
    }
    expect(differing).toBe(0);
  });

  it("takes the pixels to add per side from a form upload, and answers 202 when asked", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const request = multipartRequest("/api/expand", cookie, { image: blob(await smallPhoto()), top: "12", left: "30" });
    request.headers.set("prefer", "respond-async");
    const accepted = await expand(request);
    expect(accepted.status).toBe(202);
    const { operationId } = await accepted.json();
    let operation = await db.operation.findUniqueOrThrow({ where: { id: operationId }, include: { resultFile: true } });
    for (let tries = 0; tries < 600 && !["succeeded", "failed", "canceled"].includes(operation.status); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      operation = await db.operation.findUniqueOrThrow({ where: { id: operationId }, include: { resultFile: true } });
    }
    expect(operation.status).toBe("succeeded");
    expect([operation.resultFile?.width, operation.resultFile?.height]).toEqual([80, 52]);
    expect(operation.params).toMatchObject({ top: 12, right: 0, bottom: 0, left: 30 });
    expect(await balanceOf(user.id)).toBe(8);
  });

  const grey = (width: number, height: number) => () =>
    sharp({ create: { width, height, channels: 3, background: "#808080" } })
      .png({ palette: true, colors: 2 })
      .toBuffer();
  const sideMessage = "Each side to add must be a whole number of pixels from 1 to 8192; leave out a side that should not grow.";
  it.each<[string, Record<string, unknown>, number, string, () => Promise<Buffer>]>([
    ["a 0-pixel side", { top: 0, left: 20 }, 400, sideMessage, smallPhoto],
    ["a negative side", { right: -5 }, 400, sideMessage, smallPhoto],
    ["an unknown frame", { aspect: "2:1" }, 400, "Choose a frame of 1:1, 4:5, 3:2, 16:9, 9:16.", smallPhoto],
    ["a frame and sides together", { aspect: "1:1", top: 5 }, 400, "Give either an aspect or the pixels to add on each side, not both.", smallPhoto],
    ["nothing to add", {}, 400, "Choose a frame (aspect) or the pixels to add on at least one side.", smallPhoto],
    ["the frame it already has", { aspect: "1:1" }, 400, "The image is already 1:1; choose another frame.", grey(40, 40)],
    ["a result over the pixel budget", { left: 8000, right: 8000 }, 413, "The result would have too many pixels (at most 40 megapixels).", grey(600, 2600)],
  ])("refuses %s before any charge", async (_label, settings, status, message, picture) => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await expand(json("/api/expand", cookie, { image: dataUrl(await picture()), ...settings }));
    expect(response.status).toBe(status);
    expect((await response.json()).message).toBe(message);
    expect(await balanceOf(user.id)).toBe(10);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a pixel bomb, a missing image and an address on another site before any charge", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const bomb = await expand(json("/api/expand", cookie, { image: dataUrl(await pixelBomb()), aspect: "1:1" }));
    expect(bomb.status).toBe(400);
    expect(await bomb.json()).toMatchObject({ error: "image_too_many_pixels" });
    const missing = await expand(json("/api/expand", cookie, { aspect: "1:1" }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Please upload an image first.");
    const foreign = await expand(json("/api/expand", cookie, { image: "https://example.com/cat.png", aspect: "1:1" }));
    expect(foreign.status).toBe(400);
    expect(await balanceOf(user.id)).toBe(10);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  });

  it("is made again from its recipe: the same frame, the same borders, for 2 credits more", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const first = await resultOf(await expand(json("/api/expand", cookie, { image: dataUrl(await smallPhoto()), aspect: "16:9" })), cookie);
    const again = await repeat(apiRequest("POST", `/api/operations/${first.body.operationId}/repeat`, { cookie }), {
      params: Promise.resolve({ id: first.body.operationId }),
    });
    const second = await resultOf(again, cookie);
    expect([second.body.width, second.body.height]).toEqual([71, 40]);
    expect(second.image.data.equals(first.image.data)).toBe(true);
    expect(await db.operation.findUniqueOrThrow({ where: { id: second.body.operationId } })).toMatchObject({
      kind: "expand",
      repeatOfId: first.body.operationId,
      cost: 2,
    });
    expect(await balanceOf(user.id)).toBe(6);
  });

  it("refuses a user without 2 credits with 402, and a guest with 401", async () => {
    const { user, cookie } = await signedInUser({ credits: 1 });
    const poor = await expand(json("/api/expand", cookie, { image: dataUrl(await smallPhoto()), aspect: "1:1" }));
    expect(poor.status).toBe(402);
    expect(await balanceOf(user.id)).toBe(1);
    expect((await expand(apiRequest("POST", "/api/expand", { body: { aspect: "1:1" } }))).status).toBe(401);
  });
});

/** Mean squared Laplacian of the luminance over a box: how much fine detail it holds. */
function detail(image: Raw, box: { x: number; y: number; width: number; height: number }): number {
  const luminance = (x: number, y: number) => {
    const i = (y * image.width + x) * 3;
    return (image.data[i]! + image.data[i + 1]! + image.data[i + 2]!) / 3;
  };
  let sum = 0;
  let count = 0;
  for (let y = box.y + 1; y < box.y + box.height - 1; y += 1) {
    for (let x = box.x + 1; x < box.x + box.width - 1; x += 1) {
      const laplacian = 4 * luminance(x, y) - luminance(x - 1, y) - luminance(x + 1, y) - luminance(x, y - 1) - luminance(x, y + 1);
      sum += laplacian * laplacian;
      count += 1;
    }
  }
  return sum / count;
}

function meanDifference(a: Raw, b: Raw, box: { x: number; y: number; width: number; height: number }): number {
  let sum = 0;
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      const i = (y * a.width + x) * 3;
      sum += Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!);
    }
  }
  return sum / (box.width * box.height * 3);
}

describe("POST /api/blur-background", () => {
  it("keeps the subject sharp and blurs the background, for 1 credit", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const before = await raw(photo("astronaut.png"));
    const { body, image } = await resultOf(
      await blurBackground(json("/api/blur-background", cookie, { image: dataUrl(photo("astronaut.png")), strength: 8 })),
      cookie,
    );
    expect([body.width, body.height]).toEqual([512, 512]);
    // The face and the suit's mission patch, well inside the subject, are unchanged.
    const face = { x: 190, y: 80, width: 60, height: 70 };
    const patch = { x: 140, y: 355, width: 60, height: 50 };
    expect(meanDifference(before, image, face)).toBeLessThan(1);
    expect(meanDifference(before, image, patch)).toBeLessThan(1);
    // The flag and the shuttle model behind her lose most of their fine detail.
    const flag = { x: 5, y: 20, width: 60, height: 120 };
    const shuttle = { x: 370, y: 40, width: 70, height: 160 };
    expect(detail(image, flag)).toBeLessThan(detail(before, flag) * 0.3);
    expect(detail(image, shuttle)).toBeLessThan(detail(before, shuttle) * 0.3);
    expect(await balanceOf(user.id)).toBe(9);
    expect(await db.operation.findUniqueOrThrow({ where: { id: body.operationId } })).toMatchObject({ kind: "blur_background", cost: 1, status: "succeeded" });
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it.each([
    ["strength 11", { strength: 11 }],
    ["strength 0", { strength: 0 }],
    ["a fractional strength", { strength: 2.5 }],
    ["a strength that is not a number", { strength: "strong" }],
  ])("refuses %s with 400 before any charge", async (_label, fields) => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await blurBackground(json("/api/blur-background", cookie, { image: dataUrl(await smallPhoto()), ...fields }));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("Blur strength must be a whole number from 1 to 10.");
    expect(await balanceOf(user.id)).toBe(10);
  });

  it("refuses a pixel bomb with 400 before any charge", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await blurBackground(multipartRequest("/api/blur-background", cookie, { image: blob(await pixelBomb()), strength: "5" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "image_too_many_pixels" });
    expect(await balanceOf(user.id)).toBe(10);
  });
});

/** The box of every pixel that is not pure white. */
function nonWhiteBox(image: Raw): { top: number; bottom: number; left: number; right: number } {
  let top = image.height;
  let bottom = -1;
  let left = image.width;
  let right = -1;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      const i = (y * image.width + x) * 3;
      if (image.data[i] === 255 && image.data[i + 1] === 255 && image.data[i + 2] === 255) continue;
      // Plain comparisons: a global such as Math is a slow look-up inside Jest's sandbox, and this
      // runs for every pixel of a 2000×2000 canvas.
      if (y < top) top = y;
      if (y > bottom) bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  return { top, bottom, left, right };
}

describe("POST /api/product-photo", () => {
  const product = () => sharp(photo("coffee.png")).resize(300, 200).png().toBuffer();

  it("makes each marketplace's exact size; Amazon's on pure white with the product about 85 % of the longer side", async () => {
    const { user, cookie } = await signedInUser({ credits: 20 });
    const image = dataUrl(await product());
    for (const [preset, size] of Object.entries(PRODUCT_PRESETS)) {
      // Past Amazon, whose border is measured, the widest border makes the same canvas with a
      // product a fifth of its side: far fewer photo pixels to scale, lay down and compress.
      const border = preset === "amazon" ? {} : { margin: 40 };
      const response = await productPhoto(json("/api/product-photo", cookie, { image, preset, ...border }));
      if (preset !== "amazon") {
        // Only its size is asserted: read from the file's header, not from 4 to 5 million decoded pixels.
        const { body, width, height } = await sizeOfResult(response, cookie);
        expect([preset, body.width, body.height, width, height]).toEqual([preset, size.width, size.height, size.width, size.height]);
        continue;
      }
      const { body, image: result } = await resultOf(response, cookie);
      expect([preset, body.width, body.height, result.width, result.height]).toEqual([preset, size.width, size.height, size.width, size.height]);
      const box = nonWhiteBox(result);
      const share = Math.max(box.right - box.left + 1, box.bottom - box.top + 1) / 2000;
      expect(share).toBeGreaterThan(0.8);
      expect(share).toBeLessThanOrEqual(0.86);
      // Everything outside the product is exactly #FFFFFF, corners and edges included.
      for (const [x, y] of [
        [0, 0],
        [1999, 0],
        [0, 1999],
        [1999, 1999],
        [1000, 20],
        [20, 1000],
      ] as const) {
        const i = (y * 2000 + x) * 3;
        expect([...result.data.subarray(i, i + 3)]).toEqual([255, 255, 255]);
      }
    }
    const custom = await resultOf(
      await productPhoto(json("/api/product-photo", cookie, { image, preset: "custom", width: 640, height: 360, background: "#1e90ff" })),
      cookie,
    );
    expect([custom.image.width, custom.image.height]).toEqual([640, 360]);
    expect([...custom.image.data.subarray(0, 3)]).toEqual([0x1e, 0x90, 0xff]);
    expect(await balanceOf(user.id)).toBe(20 - Object.keys(PRODUCT_PRESETS).length - 1);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
  });

  it("lays a soft or contact shadow below the product, never above it", async () => {
    const { cookie } = await signedInUser({ credits: 10 });
    const image = dataUrl(await product());
    const make = async (shadow: string) =>
      (await resultOf(await productPhoto(json("/api/product-photo", cookie, { image, preset: "custom", width: 600, height: 600, shadow })), cookie)).image;
    const plain = await make("none");
    const productBox = nonWhiteBox(plain);
    for (const shadow of ["soft", "contact"]) {
      const shaded = await make(shadow);
      const box = nonWhiteBox(shaded);
      expect([shadow, box.bottom > productBox.bottom + 3]).toEqual([shadow, true]);
      expect([shadow, box.top]).toEqual([shadow, productBox.top]);
      // Darker than white just below the product, in the middle.
      const i = ((productBox.bottom + 2) * 600 + Math.round((productBox.left + productBox.right) / 2)) * 3;
      expect(shaded.data[i]!).toBeLessThan(250);
    }
  });

  it.each([
    ["an unknown preset", { preset: "walmart" }, "Choose a preset: amazon, shopify, etsy, ebay, instagram-square, instagram-portrait, custom."],
    ["custom without a size", { preset: "custom", width: 800 }, "A custom size needs a width and a height."],
    ["a size beside a preset", { preset: "ebay", width: 800, height: 800 }, "Width and height are set by the preset; choose custom to give your own."],
    ["a tiny custom canvas", { preset: "custom", width: 10, height: 10 }, "Width and height must be whole numbers of pixels from 64 to 6000."],
    ["a margin over 40 %", { preset: "amazon", margin: 45 }, "The margin must be a percentage from 0 to 40."],
    ["an unknown shadow", { preset: "amazon", shadow: "hard" }, "Choose a shadow: none, soft, contact."],
    [
      "a colour that is not one",
      { preset: "amazon", background: "#12345" },
      "The background must be white, a colour such as #f5f5f5, or one of mountain, forest, ocean, sunset.",
    ],
  ])("refuses %s with 400 before any charge", async (_label, fields, message) => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await productPhoto(json("/api/product-photo", cookie, { image: dataUrl(await smallPhoto()), ...fields }));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(await balanceOf(user.id)).toBe(10);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  });

  it("refuses a pixel bomb with 400 before any charge", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const response = await productPhoto(json("/api/product-photo", cookie, { image: dataUrl(await pixelBomb()), preset: "amazon" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "image_too_many_pixels" });
    expect(await balanceOf(user.id)).toBe(10);
  });
});

describe("Replace with… (generative fill) without an AI provider", () => {
  it("says it needs an AI provider and charges nothing, while plain removal still works", async () => {
    const { user, cookie } = await signedInUser({ credits: 10 });
    const mask = await sharp({ create: { width: 50, height: 40, channels: 3, background: "#ffffff" } })
      .composite([{ input: Buffer.from('<svg width="50" height="40"><circle cx="25" cy="20" r="6" fill="#000"/></svg>') }])
      .png()
      .toBuffer();
    const refused = await removeObject(
      multipartRequest("/api/openai/object-removal", cookie, { image: blob(await smallPhoto()), mask: blob(mask), replaceWith: "a sunflower" }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: "fill_needs_provider",
      message: "Replacing an area with something you describe needs an AI provider (Flux or OpenAI), and none is set up here. Remove still works without one.",
    });
    expect(await balanceOf(user.id)).toBe(10);
    const removed = await removeObject(multipartRequest("/api/openai/object-removal", cookie, { image: blob(await smallPhoto()), mask: blob(mask) }));
    expect(removed.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(9);
    expect((await ledgerKinds(user.id)).at(-1)).toBe("spend:-1");
  });
});
