// Tiled upscaling: exact output sizes, and no visible seam where tiles meet, with a deterministic
// stand-in for the model (including one that goes wrong at its tiles' edges, as convolutional models
// do) and with the real fast model on a small image.
import sharp from "sharp";
import { decodeRgba } from "@/lib/imaging/asset";
import { UPSCALE_TILE, upscaleLocal } from "@/lib/imaging/local/upscale";
import { releaseUpscaleModels, upscaleTileWithModel } from "@/lib/imaging/local/upscale-model";
import { axisTiles, upscaleTiled, type RgbImage, type TileScaler } from "@/lib/imaging/local/tiling";

jest.setTimeout(120_000);

// Inside Jest's sandbox every use of a global such as Math is a slow look-up; the per-pixel loops
// below take its functions from here.
const { abs, ceil, floor, max, min, round } = Math;

/** A smooth diagonal gradient, a different slope in each channel. */
function gradient(width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      data[i] = round((x / max(1, width - 1)) * 255);
      data[i + 1] = round((y / max(1, height - 1)) * 255);
      data[i + 2] = round(((x + y) / max(1, width + height - 2)) * 200 + 20);
    }
  }
  return { data, width, height };
}

/** Bilinear enlargement of whatever it is given, sampling only inside it (edges clamp). */
function bilinear(scale: number): TileScaler {
  return async (tile) => {
    const width = tile.width * scale;
    const height = tile.height * scale;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y += 1) {
      const sy = min(tile.height - 1, max(0, (y + 0.5) / scale - 0.5));
      const y0 = floor(sy);
      const y1 = min(tile.height - 1, y0 + 1);
      for (let x = 0; x < width; x += 1) {
        const sx = min(tile.width - 1, max(0, (x + 0.5) / scale - 0.5));
        const x0 = floor(sx);
        const x1 = min(tile.width - 1, x0 + 1);
        for (let c = 0; c < 3; c += 1) {
          const at = (px: number, py: number) => tile.data[(py * tile.width + px) * 3 + c]!;
          const top = at(x0, y0) * (x1 - sx || 1) + (x1 === x0 ? 0 : at(x1, y0) * (sx - x0));
          const bottom = at(x0, y1) * (x1 - sx || 1) + (x1 === x0 ? 0 : at(x1, y1) * (sx - x0));
          data[(y * width + x) * 3 + c] = round(y1 === y0 ? top : top * (y1 - sy) + bottom * (sy - y0));
        }
      }
    }
    return { data, width, height };
  };
}

/** A scaler that paints its result's outer band black, as a model fed padding at a tile's edge might. */
function darkEdges(scale: number, band: number): TileScaler {
  const inner = bilinear(scale);
  return async (tile) => {
    const result = await inner(tile);
    for (let y = 0; y < result.height; y += 1) {
      for (let x = 0; x < result.width; x += 1) {
        if (x < band || y < band || x >= result.width - band || y >= result.height - band)
          result.data.fill(0, (y * result.width + x) * 3, (y * result.width + x) * 3 + 3);
      }
    }
    return result;
  };
}

function maxDifference(a: RgbImage, b: RgbImage): number {
  let worst = 0;
  for (let i = 0; i < a.data.length; i += 1) worst = max(worst, abs(a.data[i]! - b.data[i]!));
  return worst;
}

/**
 * The largest step between neighbouring output columns that sit on a tile border, against the largest
 * step elsewhere: a seam is a border step that stands out from the picture's own steps.
 */
function seamSteps(image: RgbImage, borders: number[]): { atBorders: number; elsewhere: number } {
  let atBorders = 0;
  let elsewhere = 0;
  const borderSet = new Set(borders);
  for (let x = 1; x < image.width; x += 1) {
    let step = 0;
    for (let y = 0; y < image.height; y += 1) {
      for (let c = 0; c < 3; c += 1) step = max(step, abs(image.data[(y * image.width + x) * 3 + c]! - image.data[(y * image.width + x - 1) * 3 + c]!));
    }
    if (borderSet.has(x)) atBorders = max(atBorders, step);
    // The picture's own edges are left out: a model may treat them differently, and no tile meets there.
    else if (x > 8 && x < image.width - 8) elsewhere = max(elsewhere, step);
  }
  return { atBorders, elsewhere };
}

/** Every output column where a tile starts or ends, and where the blend ramps change. */
function tileBorders(length: number, tileSize: number, overlap: number, scale: number): number[] {
  const { starts, size } = axisTiles(length, tileSize, overlap);
  return starts.flatMap((start) => [start * scale, (start + size) * scale]);
}

describe("tiled upscaling", () => {
  it.each([
    [2, 64, 64],
    [4, 64, 48],
    [2, 101, 77],
    [4, 37, 53],
    [2, 7, 5],
  ])("at x%i makes exactly scale × %i×%i pixels", async (scale, width, height) => {
    const result = await upscaleTiled(gradient(width, height), bilinear(scale), { scale, tileSize: 32, overlap: 8 });
    expect([result.width, result.height]).toEqual([width * scale, height * scale]);
    expect(result.data.length).toBe(width * scale * height * scale * 3);
  });

  it("covers every pixel with the fewest tiles: neighbours overlap by at least the overlap and the tiles reach both edges", () => {
    // Every length's faults are gathered and compared once: tens of thousands of expect calls cost
    // seconds, and the list names each length and rule that fails.
    const faults: string[] = [];
    for (let length = 1; length <= 1200; length += 1) {
      const { starts, size } = axisTiles(length, 32, 8);
      if (size > 32) faults.push(`${length}: tiles of ${size}`);
      if (starts[0] !== 0) faults.push(`${length}: first tile at ${starts[0]}`);
      if (starts.at(-1)! + size !== length) faults.push(`${length}: last tile ends at ${starts.at(-1)! + size}`);
      for (let i = 1; i < starts.length; i += 1) {
        if (starts[i - 1]! + size - starts[i]! < 8) faults.push(`${length}: tiles ${i - 1} and ${i} overlap by ${starts[i - 1]! + size - starts[i]!}`);
      }
      if (starts.length !== max(1, ceil((length - 8) / 24))) faults.push(`${length}: ${starts.length} tiles`);
    }
    expect(faults).toEqual([]);
    // Just over one tile: two tiles of about half the picture each, not two full ones.
    expect(axisTiles(40, 32, 8)).toEqual({ starts: [0, 16], size: 24 });
  });

  it("matches an untiled enlargement of a gradient, with no seam at tile borders", async () => {
    const image = gradient(96, 80);
    const whole = await bilinear(2)(image);
    const tiled = await upscaleTiled(image, bilinear(2), { scale: 2, tileSize: 32, overlap: 8 });
    expect(maxDifference(tiled, whole)).toBeLessThanOrEqual(1);
    const steps = seamSteps(tiled, tileBorders(96, 32, 8, 2));
    expect(steps.atBorders).toBeLessThanOrEqual(steps.elsewhere + 1);
  });

  it("hides a model's bad tile edges under the neighbouring tiles", async () => {
    const image = gradient(90, 70);
    const whole = await bilinear(4)(image);
    const tiled = await upscaleTiled(image, darkEdges(4, 6), { scale: 4, tileSize: 32, overlap: 8 });
    // Only the picture's own outer edge keeps the dark band: inside, every tile edge is covered.
    let worstInside = 0;
    for (let y = 6; y < tiled.height - 6; y += 1) {
      for (let x = 6; x < tiled.width - 6; x += 1) {
        for (let c = 0; c < 3; c += 1)
          worstInside = max(worstInside, abs(tiled.data[(y * tiled.width + x) * 3 + c]! - whole.data[(y * whole.width + x) * 3 + c]!));
      }
    }
    expect(worstInside).toBeLessThanOrEqual(1);
  });

  it("reports each tile and stops when aborted", async () => {
    const seen: Array<[number, number]> = [];
    await upscaleTiled(gradient(64, 64), bilinear(2), { scale: 2, tileSize: 32, overlap: 8, onTile: (done, total) => seen.push([done, total]) });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((done) => [done, 9]));
    const controller = new AbortController();
    const stopping = upscaleTiled(gradient(64, 64), bilinear(2), {
      scale: 2,
      tileSize: 32,
      overlap: 8,
      signal: controller.signal,
      onTile: () => controller.abort(),
    });
    await expect(stopping).rejects.toThrow();
  });
});

describe("the fast model, tiled", () => {
  afterAll(() => releaseUpscaleModels());

  async function png(image: RgbImage): Promise<Buffer> {
    return sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } })
      .png()
      .toBuffer();
  }

  it("upscales an odd-sized gradient x2 across several tiles with no seam", async () => {
    // Two tiles across and two down.
    const [width0, height0] = [UPSCALE_TILE + 41, UPSCALE_TILE + 9];
    const image = gradient(width0, height0);
    const progress: number[] = [];
    const result = await upscaleLocal({
      image: { buffer: await png(image), contentType: "image/png", width: width0, height: height0 },
      scale: 2,
      quality: "fast",
      onProgress: (done) => progress.push(done),
    });
    expect([result.width, result.height]).toEqual([width0 * 2, height0 * 2]);
    expect(progress).toEqual([1, 2, 3, 4].map((done) => done / 4));
    const { data, width, height } = await decodeRgba(result);
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0; i < width * height; i += 1) rgb.set(data.subarray(i * 4, i * 4 + 3), i * 3);
    // The model run on the whole picture at once is the seamless reference (one tile, as tiling
    // with tiles larger than the picture would run it).
    const model: TileScaler = (tile) => upscaleTileWithModel(tile, 2, "fast");
    const whole = await model(image);
    expect(maxDifference({ data: rgb, width, height }, whole)).toBeLessThanOrEqual(2);
    // The measure sees seams: tiles simply butted together differ from the reference at their borders.
    const butted = await upscaleTiled(image, model, { scale: 2, tileSize: UPSCALE_TILE, overlap: 0 });
    expect(maxDifference(butted, whole)).toBeGreaterThan(20);
  });

  it("keeps a cut-out's edges their own colour, not darkened by the black under its transparent pixels", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="20" fill="#e03020"/></svg>`;
    const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
    const result = await upscaleLocal({ image: { buffer, contentType: "image/png", width: 64, height: 64 }, scale: 4, quality: "fast" });
    const { data, width, height } = await decodeRgba(result);
    let darkest = 255;
    for (let i = 0; i < width * height; i += 1) {
      const alpha = data[i * 4 + 3]!;
      // The visible part of the edge: more than half opaque.
      if (alpha > 128 && alpha < 255) darkest = min(darkest, data[i * 4]!);
    }
    // The disc's red is 224; mixed with the black under the transparent pixels it fell to 163.
    expect(darkest).toBeGreaterThanOrEqual(200);
  });

  it("upscales x4 to the exact size and keeps transparency", async () => {
    const rgba = await sharp({ create: { width: 37, height: 23, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const result = await upscaleLocal({ image: { buffer: rgba, contentType: "image/png", width: 37, height: 23 }, scale: 4, quality: "fast" });
    expect([result.width, result.height]).toEqual([148, 92]);
    const { data } = await decodeRgba(result);
    expect(abs(data[(46 * 148 + 74) * 4 + 3]! - 128)).toBeLessThanOrEqual(2);
  });
});
