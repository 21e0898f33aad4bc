// The object-removal fill, measured as a person would judge it: a flat synthetic object is pasted on
// a photo, removed with the local engine (the same call the worker makes), and the fill is compared
// with what the photo had there before the paste. "Texture kept" is the Laplacian energy inside the
// fill over the original's energy there (1 = as busy as the original, 0 = a smooth blot); the mean
// colour must stay close too (the largest of the three channels' mean differences, in levels). Some
// objects sit on a textured area; the edge-crossing ones cover a strong edge (a cup's shadow, a
// horizon, a table's edge, a wall's shadow), where a fill that paints one side over the other is
// off in mean colour by tens of levels. Each case has a time budget on this 2-core machine; any case
// over a budget makes the benchmark fail. BENCH_FILL_OUTPUT=<folder> keeps the filled photos.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const ROOT = path.resolve(__dirname, "../..");

export interface FillCase {
  name: string;
  photo: string;
  width: number;
  height: number;
  /** The pasted object's box: an ellipse filling it, or the whole box for a square object. */
  box: { x: number; y: number; width: number; height: number };
  shape?: "ellipse" | "box";
  /** The object's colour (a blue disc unless said). */
  paint?: [number, number, number];
  /** How much wider than the object the mask is painted on each side, in pixels. */
  maskMargin?: number;
  /** The object covers a strong edge of the photo. */
  crossesEdge?: boolean;
  budgetMs: number;
}

/** Texture kept at least this share of the original's, and the mean colour within this many levels. */
export const TEXTURE_GOAL = 0.5;
export const COLOUR_GOAL = 10;
/** Across an edge the fill must continue two textures and the edge between them: a little more slack. */
export const EDGE_COLOUR_GOAL = 12;

export function colourGoalOf(fillCase: FillCase): number {
  return fillCase.crossesEdge ? EDGE_COLOUR_GOAL : COLOUR_GOAL;
}

const GREY: [number, number, number] = [128, 128, 128];
/** The edge photos (scripts/bench/render-edge-photos.ts) at their own size. */
const EDGE_PHOTO = { width: 1024, height: 768 };

export const FILL_CASES: FillCase[] = [
  { name: "wood 100x100 in 1 MP", photo: "coffee.png", width: 1224, height: 816, box: { x: 1000, y: 150, width: 100, height: 100 }, budgetMs: 3000 },
  { name: "wood 70x70 in 1 MP", photo: "coffee.png", width: 1224, height: 816, box: { x: 1050, y: 600, width: 70, height: 70 }, budgetMs: 3000 },
  { name: "hair 70x70 in 1 MP", photo: "astronaut.png", width: 1024, height: 1024, box: { x: 470, y: 70, width: 70, height: 70 }, budgetMs: 3000 },
  { name: "wood 400x300 in 2 MP", photo: "coffee.png", width: 1800, height: 1200, box: { x: 1340, y: 40, width: 400, height: 300 }, budgetMs: 10000 },
  // A grey square on the saucer's shadow and rim, at the photo's own size.
  {
    name: "cup shadow 70x70",
    photo: "coffee.png",
    width: 600,
    height: 400,
    box: { x: 40, y: 300, width: 70, height: 70 },
    shape: "box",
    paint: GREY,
    maskMargin: 4,
    crossesEdge: true,
    budgetMs: 3000,
  },
  {
    name: "horizon 90x90",
    photo: "edge-horizon.png",
    ...EDGE_PHOTO,
    box: { x: 455, y: 324, width: 90, height: 90 },
    shape: "box",
    paint: GREY,
    maskMargin: 4,
    crossesEdge: true,
    budgetMs: 3000,
  },
  {
    name: "table edge 90x90",
    photo: "edge-table.png",
    ...EDGE_PHOTO,
    box: { x: 600, y: 380, width: 90, height: 90 },
    shape: "box",
    paint: GREY,
    maskMargin: 4,
    crossesEdge: true,
    budgetMs: 3000,
  },
  {
    name: "wall shadow 90x90",
    photo: "edge-shadow.png",
    ...EDGE_PHOTO,
    box: { x: 380, y: 440, width: 90, height: 90 },
    shape: "box",
    paint: GREY,
    maskMargin: 4,
    crossesEdge: true,
    budgetMs: 3000,
  },
];

export interface FillMeasurement {
  name: string;
  ms: number;
  textureKept: number;
  colourShift: number;
  peakRssMb: number;
  crossesEdge: boolean;
  withinBudget: boolean;
}

interface Rgb {
  data: Buffer;
  width: number;
  height: number;
}

async function photo(name: string, width: number, height: number): Promise<Rgb> {
  const { data, info } = await sharp(readFileSync(path.join(ROOT, "tests/fixtures/photos", name)))
    .resize(width, height)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Whether the pixel is part of the pasted object. */
function insideObject(fillCase: Pick<FillCase, "box" | "shape">, x: number, y: number): boolean {
  const { box } = fillCase;
  if (x < box.x || y < box.y || x >= box.x + box.width || y >= box.y + box.height) return false;
  if (fillCase.shape === "box") return true;
  const dx = (x + 0.5 - (box.x + box.width / 2)) / (box.width / 2);
  const dy = (y + 0.5 - (box.y + box.height / 2)) / (box.height / 2);
  return dx * dx + dy * dy <= 1;
}

/** Mean squared Laplacian (4-neighbour, per channel) and mean colour over the object. */
function regionStats(image: Rgb, fillCase: FillCase): { energy: number; mean: number[] } {
  const { box } = fillCase;
  let energy = 0;
  let count = 0;
  const mean = [0, 0, 0];
  const at = (x: number, y: number, c: number) => image.data[(y * image.width + x) * 3 + c]!;
  for (let y = Math.max(1, box.y); y < Math.min(image.height - 1, box.y + box.height); y += 1) {
    for (let x = Math.max(1, box.x); x < Math.min(image.width - 1, box.x + box.width); x += 1) {
      if (!insideObject(fillCase, x, y)) continue;
      for (let c = 0; c < 3; c += 1) {
        const laplacian = 4 * at(x, y, c) - at(x - 1, y, c) - at(x + 1, y, c) - at(x, y - 1, c) - at(x, y + 1, c);
        energy += laplacian * laplacian;
        mean[c]! += at(x, y, c);
      }
      count += 1;
    }
  }
  return { energy: energy / Math.max(1, count), mean: mean.map((sum) => sum / Math.max(1, count)) };
}

/** Pastes the object, removes it with the local engine and compares; one case per process. */
export async function measureFill(fillCase: FillCase): Promise<FillMeasurement> {
  const { inpaintLocal } = await import("../../lib/imaging/local/inpaint");
  const original = await photo(fillCase.photo, fillCase.width, fillCase.height);
  const pasted = Buffer.from(original.data);
  const mask = Buffer.alloc(original.width * original.height, 255);
  const margin = fillCase.maskMargin ?? 0;
  const { box } = fillCase;
  const painted = { box: { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin }, shape: fillCase.shape };
  for (let y = Math.max(0, painted.box.y); y < Math.min(original.height, painted.box.y + painted.box.height); y += 1) {
    for (let x = Math.max(0, painted.box.x); x < Math.min(original.width, painted.box.x + painted.box.width); x += 1) {
      if (insideObject(fillCase, x, y)) pasted.set(fillCase.paint ?? [40, 160, 220], (y * original.width + x) * 3);
      if (insideObject(painted, x, y)) mask[y * original.width + x] = 0;
    }
  }
  const raw = (channels: 1 | 3) => ({ raw: { width: original.width, height: original.height, channels } });
  const image = { buffer: await sharp(pasted, raw(3)).png().toBuffer(), contentType: "image/png", width: original.width, height: original.height };
  const maskAsset = { buffer: await sharp(mask, raw(1)).png().toBuffer(), contentType: "image/png", width: original.width, height: original.height };
  // The worker keeps the engine loaded: a tiny removal first loads OpenCV, so the time is the fill's.
  const tiny = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#808080" } })
    .png()
    .toBuffer();
  const tinyMask = await sharp({ create: { width: 32, height: 32, channels: 3, background: "#ffffff" } })
    .composite([{ input: { create: { width: 4, height: 4, channels: 3, background: "#000000" } }, left: 14, top: 14 }])
    .png()
    .toBuffer();
  await inpaintLocal({
    image: { buffer: tiny, contentType: "image/png", width: 32, height: 32 },
    mask: { buffer: tinyMask, contentType: "image/png", width: 32, height: 32 },
    maskStyle: "black-on-white",
  });
  const started = performance.now();
  const result = await inpaintLocal({ image, mask: maskAsset, maskStyle: "black-on-white" });
  const ms = performance.now() - started;
  if (process.env.BENCH_FILL_OUTPUT) await sharp(result.buffer).toFile(path.join(process.env.BENCH_FILL_OUTPUT, `${fillCase.name.replace(/\W+/g, "-")}.png`));
  const filled = await sharp(result.buffer).removeAlpha().raw().toBuffer();
  const before = regionStats(original, fillCase);
  const after = regionStats({ data: filled, width: original.width, height: original.height }, fillCase);
  const textureKept = after.energy / Math.max(1e-6, before.energy);
  const colourShift = Math.max(...after.mean.map((value, c) => Math.abs(value - before.mean[c]!)));
  return {
    name: fillCase.name,
    ms,
    textureKept,
    colourShift,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    crossesEdge: fillCase.crossesEdge ?? false,
    withinBudget: ms <= fillCase.budgetMs && textureKept >= TEXTURE_GOAL && colourShift <= colourGoalOf(fillCase),
  };
}

export function printFillTable(measurements: FillMeasurement[]): void {
  console.log(
    `\nObject removal fill (exemplar): texture kept ≥ ${TEXTURE_GOAL}, mean colour within ${COLOUR_GOAL} levels ` +
      `(${EDGE_COLOUR_GOAL} where the object crosses an edge, marked "edge"), time within budget.\n`,
  );
  console.log("case                      | edge | ms     | budget ms | texture kept | colour shift | goal | peak RSS MB | ok");
  console.log("--------------------------|------|--------|-----------|--------------|--------------|------|-------------|----");
  for (const measurement of measurements) {
    const fillCase = FILL_CASES.find((candidate) => candidate.name === measurement.name);
    const budget = fillCase?.budgetMs ?? 0;
    const goal = fillCase ? colourGoalOf(fillCase) : COLOUR_GOAL;
    console.log(
      `${measurement.name.padEnd(26)}| ${(measurement.crossesEdge ? "edge" : "").padEnd(4)} | ${measurement.ms.toFixed(0).padStart(6)} | ${String(budget).padStart(9)} | ` +
        `${measurement.textureKept.toFixed(2).padStart(12)} | ${measurement.colourShift.toFixed(1).padStart(12)} | ${String(goal).padStart(4)} | ` +
        `${measurement.peakRssMb.toFixed(0).padStart(11)} | ${measurement.withinBudget ? "yes" : "NO"}`,
    );
  }
}
