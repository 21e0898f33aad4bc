// The offline editor: turns the adjustments a prompt asks for (black and white, sepia, brighter,
// blur, warmer, vintage, …, in any of the six languages) into real image operations with sharp.
// A prompt it cannot read is refused before any credit is spent, with the list of what it can do.
import "server-only";
import sharp, { type Matrix3x3, type Sharp } from "sharp";
import { decodeRgba } from "../asset";
import type { EditInput, ImageAsset } from "../types";
import { localEditPlan, type LocalEditName } from "../edit-words";

type Adjustment = (image: Sharp, size: { width: number; height: number }) => Sharp | Promise<Sharp>;

const SEPIA: Matrix3x3 = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
];

const WARM: Matrix3x3 = [
  [1.12, 0.04, 0],
  [0.02, 1.02, 0],
  [0, 0, 0.85],
];

const COOL: Matrix3x3 = [
  [0.88, 0, 0],
  [0, 1.0, 0.03],
  [0, 0.04, 1.15],
];

async function withVignette(image: Sharp, { width, height }: { width: number; height: number }, strength: number): Promise<Sharp> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><radialGradient id="v" cx="50%" cy="50%" r="75%"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${strength}"/></radialGradient><rect width="100%" height="100%" fill="url(#v)"/></svg>`;
  const base = await image.png().toBuffer();
  return sharp(base).composite([{ input: Buffer.from(svg), blend: "over" }]);
}

async function pixelate(image: Sharp, { width, height }: { width: number; height: number }): Promise<Sharp> {
  const block = Math.max(4, Math.round(Math.min(width, height) / 64));
  const small = await image
    .resize(Math.max(1, Math.round(width / block)), Math.max(1, Math.round(height / block)), { kernel: "nearest" })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: "nearest" });
}

/** How each adjustment of edit-words.ts is made. */
const ADJUSTMENTS: Record<LocalEditName, Adjustment> = {
  mirror: (image) => image.flop(),
  "upside down": (image) => image.flip(),
  pixelate,
  blur: (image) => image.blur(3),
  sharpen: (image) => image.sharpen({ sigma: 1.5, m1: 1, m2: 3 }),
  brighter: (image) => image.modulate({ brightness: 1.25 }),
  darker: (image) => image.modulate({ brightness: 0.78 }),
  contrast: (image) => image.linear(1.3, -0.15 * 255 * 0.5),
  vivid: (image) => image.modulate({ saturation: 1.5 }),
  muted: (image) => image.modulate({ saturation: 0.55 }),
  warmer: (image) => image.recomb(WARM),
  cooler: (image) => image.recomb(COOL),
  invert: (image) => image.negate({ alpha: false }),
  "black and white": (image) => image.grayscale(),
  sepia: (image) => image.recomb(SEPIA),
  vintage: async (image, size) => withVignette(image.recomb(SEPIA).modulate({ saturation: 0.8 }).linear(0.9, 12), size, 0.55),
  vignette: (image, size) => withVignette(image, size, 0.6),
};

export async function editLocal(input: EditInput): Promise<ImageAsset> {
  const steps = localEditPlan(input.prompt).map((name) => ADJUSTMENTS[name]);
  const pixels = await decodeRgba(input.image);
  const size = { width: pixels.width, height: pixels.height };
  let image = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
  for (const step of steps) {
    // Each step reads the previous one's finished pixels, so operations compose in order.
    image = sharp(await (await step(image, size)).png().toBuffer());
  }
  const buffer = await image.png().toBuffer();
  return { buffer, contentType: "image/png", width: size.width, height: size.height };
}
