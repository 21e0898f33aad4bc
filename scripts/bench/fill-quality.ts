// The object-removal fill, measured as a person would judge it: a flat synthetic object is pasted on
// a textured part of a real photo, removed with the local engine (the same call the worker makes),
// and the fill is compared with what the photo had there before the paste. "Texture kept" is the
// Laplacian energy inside the fill over the original's energy there (1 = as busy as the original,
// 0 = a smooth blot); the mean colour must stay close too. Each case has a time budget on this
// 2-core machine; any case over a budget makes the benchmark fail. BENCH_FILL_OUTPUT=<folder> keeps
// the filled photos for a look.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const ROOT = path.resolve(__dirname, "../..");

export interface FillCase {
  name: string;
  photo: string;
  width: number;
  height: number;
  /** The pasted object's box; it is an ellipse filling this box. */
  box: { x: number; y: number; width: number; height: number };
  budgetMs: number;
}

/** Texture kept at least this share of the original's, and the mean colour within this many levels. */
export const TEXTURE_GOAL = 0.5;
export const COLOUR_GOAL = 10;

export const FILL_CASES: FillCase[] = [
  { name: "wood 100x100 in 1 MP", photo: "coffee.png", width: 1224, height: 816, box: { x: 1000, y: 150, width: 100, height: 100 }, budgetMs: 3000 },
  { name: "wood 70x70 in 1 MP", photo: "coffee.png", width: 1224, height: 816, box: { x: 1050, y: 600, width: 70, height: 70 }, budgetMs: 3000 },
  { name: "hair 70x70 in 1 MP", photo: "astronaut.png", width: 1024, height: 1024, box: { x: 470, y: 70, width: 70, height: 70 }, budgetMs: 3000 },
  { name: "wood 400x300 in 2 MP", photo: "coffee.png", width: 1800, height: 1200, box: { x: 1340, y: 40, width: 400, height: 300 }, budgetMs: 10000 },
];

export interface FillMeasurement {
  name: string;
  ms: number;
  textureKept: number;
  colourShift: number;
  peakRssMb: number;
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

function insideEllipse(box: FillCase["box"], x: number, y: number): boolean {
  const dx = (x + 0.5 - (box.x + box.width / 2)) / (box.width / 2);
  const dy = (y + 0.5 - (box.y + box.height / 2)) / (box.height / 2);
  return dx * dx + dy * dy <= 1;
}

/** Mean squared Laplacian (4-neighbour, per channel) and mean colour over the ellipse. */
function regionStats(image: Rgb, box: FillCase["box"]): { energy: number; mean: number[] } {
  let energy = 0;
  let count = 0;
  const mean = [0, 0, 0];
  const at = (x: number, y: number, c: number) => image.data[(y * image.width + x) * 3 + c]!;
  for (let y = Math.max(1, box.y); y < Math.min(image.height - 1, box.y + box.height); y += 1) {
    for (let x = Math.max(1, box.x); x < Math.min(image.width - 1, box.x + box.width); x += 1) {
      if (!insideEllipse(box, x, y)) continue;
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
  for (let y = fillCase.box.y; y < fillCase.box.y + fillCase.box.height; y += 1) {
    for (let x = fillCase.box.x; x < fillCase.box.x + fillCase.box.width; x += 1) {
      if (!insideEllipse(fillCase.box, x, y)) continue;
      pasted.set([40, 160, 220], (y * original.width + x) * 3);
      mask[y * original.width + x] = 0;
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
  const before = regionStats(original, fillCase.box);
  const after = regionStats({ data: filled, width: original.width, height: original.height }, fillCase.box);
  const textureKept = after.energy / Math.max(1e-6, before.energy);
  const colourShift = Math.max(...after.mean.map((value, c) => Math.abs(value - before.mean[c]!)));
  return {
    name: fillCase.name,
    ms,
    textureKept,
    colourShift,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    withinBudget: ms <= fillCase.budgetMs && textureKept >= TEXTURE_GOAL && colourShift <= COLOUR_GOAL,
  };
}

export function printFillTable(measurements: FillMeasurement[]): void {
  console.log(`\nObject removal fill (exemplar): texture kept ≥ ${TEXTURE_GOAL}, mean colour within ${COLOUR_GOAL} levels, time within budget.\n`);
  console.log("case                      | ms     | budget ms | texture kept | colour shift | peak RSS MB | ok");
  console.log("--------------------------|--------|-----------|--------------|--------------|-------------|----");
  for (const measurement of measurements) {
    const budget = FILL_CASES.find((fillCase) => fillCase.name === measurement.name)?.budgetMs ?? 0;
    console.log(
      `${measurement.name.padEnd(26)}| ${measurement.ms.toFixed(0).padStart(6)} | ${String(budget).padStart(9)} | ${measurement.textureKept.toFixed(2).padStart(12)} | ` +
        `${measurement.colourShift.toFixed(1).padStart(12)} | ${measurement.peakRssMb.toFixed(0).padStart(11)} | ${measurement.withinBudget ? "yes" : "NO"}`,
    );
  }
}
