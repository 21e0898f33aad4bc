import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { POST as convert } from "@/app/api/convert-image/route";
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as removeObject } from "@/app/api/openai/object-removal/route";
import * as charge from "@/lib/credits/charge";
import { db } from "@/lib/db";
import { decodeBmp, encodeBmp } from "@/lib/imaging/bmp";
import { sha256Of } from "@/lib/storage/files";
import { apiRequest, signedInUser, uniqueIp } from "./helpers";
import { balanceOf, blob, cookiesSetBy, dataUrl, fetchFile, ledgerKinds, multipartRequest, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";

jest.setTimeout(120_000);

// The early look at the balance, which a test below steps past as a concurrent spend would.
jest.mock("@/lib/credits/charge", () => {
  const actual = jest.requireActual<typeof import("@/lib/credits/charge")>("@/lib/credits/charge");
  return { ...actual, assertCanAfford: jest.fn(actual.assertCanAfford) };
});
const assertCanAfford = jest.mocked(charge.assertCanAfford);

withImageWorker();

const pixelsOf = async (buffer: Buffer) => sharp(buffer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

describe("POST /api/flux/generate on the local engine", () => {
  it("charges 2 credits, stores the result under our own private URL and records the operation", async () => {
    const { user, cookie } = await signedInUser();
    const response = await generate(
      apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a red fox in a snowy forest at sunset", aspectRatio: "landscape" } }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result.sample).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{24}$/);
    expect(body).toMatchObject({ width: 1152, height: 896 });
    expect(await balanceOf(user.id)).toBe(58);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2"]);

    const operation = await db.operation.findUniqueOrThrow({ where: { id: body.operationId } });
    expect(operation).toMatchObject({
      userId: user.id,
      kind: "generate",
      provider: "local",
      status: "succeeded",
      cost: 2,
      prompt: "a red fox in a snowy forest at sunset",
    });
    expect(operation.durationMs).toBeGreaterThanOrEqual(0);
    expect(operation.spendTransactionId).not.toBeNull();

    const file = await fetchFile(body.result.sample, cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    // An unsaved result lives 30 days, and no cache keeps it longer.
    expect(file.headers.get("cache-control")).toMatch(/^private, max-age=(2592000|259199\d), immutable$/);
    const image = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([image.width, image.height]).toEqual([1152, 896]);

    // Someone else's result is not there for them, nor for a guest.
    const stranger = await signedInUser();
    expect((await fetchFile(body.result.sample, stranger.cookie)).status).toBe(404);
    expect((await fetchFile(body.result.sample)).status).toBe(404);
  });

  it("paints different pictures for different prompts and the same one for the same prompt and seed", async () => {
    const { cookie } = await signedInUser();
    const run = async (prompt: string) => {
      const body = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt, seed: 1 } }))).json();
      return (await pixelsOf(Buffer.from(await (await fetchFile(body.result.sample, cookie)).arrayBuffer()))).data;
    };
    const night = await run("city skyline at night");
    expect((await run("city skyline at night")).equals(night)).toBe(true);
    expect((await run("green forest by a lake")).equals(night)).toBe(false);
  });

  it.each([
    [{ prompt: "" }, "Please enter a prompt."],
    [{ prompt: "   " }, "Please enter a prompt."],
    [{ prompt: "x".repeat(501) }, "The prompt can be at most 500 characters."],
    [{ prompt: "a cat", aspectRatio: "panorama" }, "Choose square, portrait or landscape."],
  ])("refuses %p with 400 and charges nothing", async (body, message) => {
    const { user, cookie } = await signedInUser();
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body }));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60"]);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  });

  it("asks a guest to sign in and refuses a short balance with the spec's 402 message", async () => {
    expect((await generate(apiRequest("POST", "/api/flux/generate", { body: { prompt: "a cat" } }))).status).toBe(401);
    const { user, cookie } = await signedInUser({ credits: 1 });
    const response = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a cat" } }));
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ error: "insufficient_credits", message: "Insufficient credits. You need 2 credits but only have 1." });
    expect(await balanceOf(user.id)).toBe(1);
  });
});

describe("an upload to a paid tool from an empty balance", () => {
  /** Every file under the blob store's folder whose bytes are `bytes`. */
  async function storedCopiesOf(bytes: Buffer): Promise<number> {
    const root = process.env.STORAGE_DIR!;
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
    let copies = 0;
    for (const entry of entries) {
      if (entry.isFile() && (await readFile(path.join(entry.parentPath, entry.name))).equals(bytes)) copies++;
    }
    return copies;
  }

  it.each([
    [
      "a multipart upload",
      (cookie: string, image: Buffer) => edit(multipartRequest("/api/flux/edit", cookie, { image: blob(image), operation: "background_removal" })),
    ],
    [
      "a data URL",
      (cookie: string, image: Buffer) =>
        edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "make it black and white", imageUrl: dataUrl(image) } })),
    ],
  ])("is refused with the spec's 402 for %s, storing no file and no upload row", async (_label, send) => {
    const { user, cookie } = await signedInUser({ credits: 0 });
    // An image no other test sends, so any stored copy of it is this request's.
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: Math.floor(Math.random() * 256), g: 17, b: 99 } } })
      .png()
      .toBuffer();
    const filesBefore = await db.storedFile.count({ where: { userId: user.id } });
    const response = await send(cookie, image);
    expect(response.status).toBe(402);
    expect((await response.json()).message).toMatch(/^Insufficient credits\. You need \d+ credits but only have 0\.$/);
    expect(await db.storedFile.count({ where: { userId: user.id } })).toBe(filesBefore);
    expect(await db.storedFile.count({ where: { sha256: sha256Of(image) } })).toBe(0);
    expect(await storedCopiesOf(image)).toBe(0);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("deletes what it stored when the charge refuses it after the early look (a concurrent spend)", async () => {
    const { user, cookie } = await signedInUser({ credits: 0 });
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: Math.floor(Math.random() * 256), g: 99, b: 17 } } })
      .png()
      .toBuffer();
    // The balance looked sufficient a moment before the charge: the conditional decrement still refuses.
    assertCanAfford.mockResolvedValueOnce(undefined);
    const response = await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(image), operation: "background_removal" }));
    expect(response.status).toBe(402);
    expect(assertCanAfford).toHaveBeenCalled();
    expect(await db.storedFile.count({ where: { userId: user.id } })).toBe(0);
    expect(await storedCopiesOf(image)).toBe(0);
    expect(await balanceOf(user.id)).toBe(0);
  });
});

describe("POST /api/flux/edit", () => {
  it("edits a data URL image by the prompt's adjustment and charges 3", async () => {
    const { user, cookie } = await signedInUser();
    const response = await edit(
      apiRequest("POST", "/api/flux/edit", {
        cookie,
        body: { prompt: "make it black and white", imageUrl: dataUrl(photo("coffee.png")), width: 600, height: 400 },
      }),
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(await balanceOf(user.id)).toBe(57);
    const { data, info } = await pixelsOf(Buffer.from(await (await fetchFile(body.result.sample, cookie)).arrayBuffer()));
    expect([info.width, info.height]).toEqual([600, 400]);
    for (let index = 0; index < data.length; index += 4 * 97) {
      expect(data[index]).toBe(data[index + 1]);
      expect(data[index + 1]).toBe(data[index + 2]);
    }
  });

  it("edits one of the user's own results by its URL, and never someone else's or a foreign URL", async () => {
    const { user, cookie } = await signedInUser();
    const first = await (await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a sunny beach" } }))).json();
    const again = await edit(apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "sepia", imageUrl: first.result.sample } }));
    expect(again.status).toBe(200);
    const absolute = await edit(
      apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "blur", imageUrl: `http://localhost:3000${first.result.sample}` } }),
    );
    expect(absolute.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(60 - 2 - 3 - 3);

    const stranger = await signedInUser();
    const stolen = await edit(apiRequest("POST", "/api/flux/edit", { cookie: stranger.cookie, body: { prompt: "sepia", imageUrl: first.result.sample } }));
    expect(stolen.status).toBe(404);
    const foreign = await edit(
      apiRequest("POST", "/api/flux/edit", { cookie: stranger.cookie, body: { prompt: "sepia", imageUrl: "https://images.example.com/cat.png" } }),
    );
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).message).toBe("imageUrl must be an uploaded image or a data URL.");
    const internal = await edit(
      apiRequest("POST", "/api/flux/edit", { cookie: stranger.cookie, body: { prompt: "sepia", imageUrl: "http://127.0.0.1:5432/" } }),
    );
    expect(internal.status).toBe(400);
    expect(await ledgerKinds(stranger.user.id)).toEqual(["grant:60"]);
  });

  it("says what the offline engine can do when it cannot read the prompt, free of charge", async () => {
    const { user, cookie } = await signedInUser();
    const response = await edit(
      apiRequest("POST", "/api/flux/edit", { cookie, body: { prompt: "add a dragon on the roof", imageUrl: dataUrl(photo("coffee.png")) } }),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe("edit_not_understood");
    expect(body.message).toContain("black and white");
    expect(await ledgerKinds(user.id)).toEqual(["grant:60"]);
  });

  it("turns an uploaded photo into each cartoon style for 3 credits, and asks for a style first", async () => {
    const { user, cookie } = await signedInUser();
    // Half the photo's side: the filters' cost grows with the pixels, what is charged does not.
    const halfSize = await sharp(photo("astronaut.png")).resize(256, 256).png().toBuffer();
    const response = await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(halfSize), operation: "cartoon_style", style: "anime" }));
    expect(response.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(57);
    const missing = await edit(multipartRequest("/api/flux/edit", cookie, { image: blob(photo("astronaut.png")), operation: "cartoon_style" }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Please select a cartoon style first.");
    const tooLong = await edit(
      multipartRequest("/api/flux/edit", cookie, { image: blob(photo("astronaut.png")), operation: "cartoon_style", prompt: "y".repeat(201) }),
    );
    expect(tooLong.status).toBe(400);
    expect(await balanceOf(user.id)).toBe(57);
  });

  it("removes the background of a real photo for 1 credit, leaving transparency around the subject", async () => {
    const { user, cookie } = await signedInUser();
    const response = await edit(
      multipartRequest("/api/flux/edit", cookie, { image: blob(photo("astronaut.png")), operation: "background_removal", prompt: "" }),
    );
    expect(response.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(59);
    const body = await response.json();
    const { data, info } = await pixelsOf(Buffer.from(await (await fetchFile(body.result.sample, cookie)).arrayBuffer()));
    expect(info.channels).toBe(4);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!;
    expect(alphaAt(2, 2)).toBe(0);
    expect(alphaAt(info.width - 3, 2)).toBe(0);
    expect(alphaAt(Math.round(info.width * 0.42), Math.round(info.height * 0.3))).toBe(255);
  });
});

describe("POST /api/openai/object-removal on the local engine", () => {
  it("inpaints the painted area for 1 credit and refuses an empty mask for free", async () => {
    const { user, cookie } = await signedInUser();
    // The fill's work grows with the painted area: a 30-pixel disc is filled as a larger one is.
    const mask = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#fff" } })
      .composite([{ input: Buffer.from('<svg width="600" height="400"><circle cx="300" cy="200" r="30" fill="#000"/></svg>') }])
      .png()
      .toBuffer();
    const response = await removeObject(
      multipartRequest("/api/openai/object-removal", cookie, { image: blob(photo("coffee.png")), mask: blob(mask), prompt: "remove it" }),
    );
    expect(response.status).toBe(200);
    expect(await balanceOf(user.id)).toBe(59);
    const body = await response.json();
    const result = await pixelsOf(Buffer.from(await (await fetchFile(body.result.sample, cookie)).arrayBuffer()));
    const original = await pixelsOf(photo("coffee.png"));
    const at = (pixels: Buffer, x: number, y: number) => [...pixels.subarray((y * 600 + x) * 4, (y * 600 + x) * 4 + 3)];
    expect(at(result.data, 20, 20)).toEqual(at(original.data, 20, 20));
    let changed = 0;
    for (let y = 185; y < 215; y += 1) for (let x = 285; x < 315; x += 1) if (at(result.data, x, y).join() !== at(original.data, x, y).join()) changed += 1;
    expect(changed).toBeGreaterThan(900 * 0.5);

    const blank = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const empty = await removeObject(multipartRequest("/api/openai/object-removal", cookie, { image: blob(photo("coffee.png")), mask: blob(blank) }));
    expect(empty.status).toBe(400);
    expect(await balanceOf(user.id)).toBe(59);
  });
});

describe("bad uploads cost nothing", () => {
  const send = (cookie: string, image: Blob | Blob[]) => edit(multipartRequest("/api/flux/edit", cookie, { image, operation: "background_removal" }));

  async function pngClaiming(width: number, height: number): Promise<Buffer> {
    const png = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
        .png()
        .toBuffer(),
    );
    png.writeUInt32BE(width, 16);
    png.writeUInt32BE(height, 20);
    const { crc32 } = await import("node:zlib");
    png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
    return png;
  }

  it.each([
    ["a file over 10 MB", async () => blob(Buffer.concat([photo("coffee.png"), Buffer.alloc(10 * 1024 * 1024)])), 413],
    ["an SVG", async () => blob(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), "image/png"), 400],
    ["a text file named .png", async () => blob(Buffer.from("hello, not an image"), "image/png"), 400],
    ["a truncated PNG", async () => blob(photo("coffee.png").subarray(0, 20_000)), 400],
    ["a decompression bomb (30000×30000)", async () => blob(await pngClaiming(30_000, 30_000)), 400],
    ["two files", async () => [blob(photo("coffee.png")), blob(photo("astronaut.png"))], 400],
  ])("refuses %s", async (_label, make, status) => {
    const { user, cookie } = await signedInUser();
    const response = await send(cookie, await make());
    expect(response.status).toBe(status);
    expect((await response.json()).message).toEqual(expect.any(String));
    expect(await ledgerKinds(user.id)).toEqual(["grant:60"]);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("POST /api/convert-image (free, guests too)", () => {
  it("converts a PNG to BMP, WebP and JPEG that decode to the same picture", async () => {
    // A quarter of the photo's side: each format is written and read back as it is at full size.
    const source = await sharp(photo("coffee.png")).resize(150, 100).png().toBuffer();
    for (const [format, type] of [
      ["bmp", "image/bmp"],
      ["webp", "image/webp"],
      ["jpg", "image/jpeg"],
      ["tiff", "image/tiff"],
      ["gif", "image/gif"],
    ] as const) {
      const response = await convert(apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(source), format, quality: 95 } }));
      expect(response.status).toBe(200);
      const body = await response.json();
      // As the browser that asked: a guest's result is its alone.
      const file = await fetchFile(body.convertedImage, cookiesSetBy(response));
      expect(file.headers.get("content-type")).toBe(type);
      const bytes = Buffer.from(await file.arrayBuffer());
      const decoded = format === "bmp" ? decodeBmp(bytes) : { ...(await pixelsOf(bytes)).info };
      expect([decoded.width, decoded.height]).toEqual([150, 100]);
    }
  });

  it("reads an uncompressed BMP in the right colours and refuses a run-length compressed one", async () => {
    const red = Buffer.alloc(4 * 4 * 4);
    for (let index = 0; index < red.length; index += 4) red.set([220, 30, 40, 255], index);
    const bmp = encodeBmp({ data: red, width: 4, height: 4 });
    const response = await convert(apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(bmp, "image/bmp"), format: "png" } }));
    expect(response.status).toBe(200);
    const png = await pixelsOf(Buffer.from(await (await fetchFile((await response.json()).convertedImage, cookiesSetBy(response))).arrayBuffer()));
    expect([...png.data.subarray(0, 4)]).toEqual([220, 30, 40, 255]);

    const rle = Buffer.from(bmp);
    rle.writeUInt32LE(1, 30);
    const refused = await convert(apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(rle, "image/bmp"), format: "png" } }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toMatch(/Compressed BMP/);
  });

  it("refuses a format it does not write and an image that is not one", async () => {
    expect((await convert(apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(photo("coffee.png")), format: "heic" } }))).status).toBe(400);
    expect((await convert(apiRequest("POST", "/api/convert-image", { body: { image: "data:image/png;base64,aGVsbG8=", format: "png" } }))).status).toBe(400);
    expect((await convert(apiRequest("POST", "/api/convert-image", { body: { image: "https://example.com/a.png", format: "png" } }))).status).toBe(400);
  });
});

describe("limits on image work", () => {
  it("answers 429 with Retry-After once an address has started too many operations", async () => {
    setSettings({ IMAGE_RATE_LIMIT: "2" });
    const ip = uniqueIp();
    // A small picture: the limit counts operations, whatever their size.
    const image = dataUrl(await sharp(photo("coffee.png")).resize(60, 40).png().toBuffer());
    const send = () => convert(apiRequest("POST", "/api/convert-image", { ip, body: { image, format: "webp" } }));
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toBe("rate_limited");
    // Another address is not affected.
    expect((await convert(apiRequest("POST", "/api/convert-image", { ip: uniqueIp(), body: { image, format: "webp" } }))).status).toBe(200);
  });
});
