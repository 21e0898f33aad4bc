// The offline editor: turns the adjustments a prompt asks for (black and white, sepia, brighter,
// blur, warmer, vintage, …, in any of the six languages) into real image operations with sharp.
// A prompt it cannot read is refused before any credit is spent, with the list of what it can do.
import "server-only";
import sharp, { type Matrix3x3, type Sharp } from "sharp";
import { decodeRgba } from "../asset";
import type { EditInput, ImageAsset } from "../types";
import { hasWord } from "./prompt-words";

export interface EditStep {
  name: string;
  words: string[];
  apply: (image: Sharp, size: { width: number; height: number }) => Sharp | Promise<Sharp>;
}

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

/** Each step, in the order they are applied when a prompt asks for several. */
export const EDIT_STEPS: EditStep[] = [
  { name: "mirror", words: ["flip", "mirror", "mirrored", "espejo", "miroir", "spiegeln", "反転", "镜像"], apply: (image) => image.flop() },
  { name: "upside down", words: ["upside down", "flip vertically", "al revés", "à l'envers", "kopfüber", "上下逆"], apply: (image) => image.flip() },
  { name: "pixelate", words: ["pixelate", "pixelated", "pixel art", "8-bit", "pixelar", "pixeliser", "verpixeln", "ピクセル", "像素"], apply: pixelate },
  {
    name: "blur",
    words: ["blur", "blurry", "soften", "soft focus", "dreamy", "desenfocar", "difuminar", "flou", "flouter", "unscharf", "weichzeichnen", "ぼかし", "模糊"],
    apply: (image) => image.blur(3),
  },
  {
    name: "sharpen",
    words: ["sharpen", "sharper", "crisp", "crisper", "enfocar", "nitidez", "netteté", "schärfen", "schärfer", "シャープ", "锐化"],
    apply: (image) => image.sharpen({ sigma: 1.5, m1: 1, m2: 3 }),
  },
  {
    name: "brighter",
    words: [
      "brighter",
      "brighten",
      "lighter",
      "lighten",
      "more light",
      "más brillante",
      "más claro",
      "iluminar",
      "plus lumineux",
      "éclaircir",
      "heller",
      "aufhellen",
      "明るく",
      "更亮",
      "变亮",
    ],
    apply: (image) => image.modulate({ brightness: 1.25 }),
  },
  {
    name: "darker",
    words: ["darker", "darken", "moody", "más oscuro", "oscurecer", "plus sombre", "assombrir", "dunkler", "abdunkeln", "暗く", "更暗", "变暗"],
    apply: (image) => image.modulate({ brightness: 0.78 }),
  },
  {
    name: "contrast",
    words: ["contrast", "more contrast", "punchy", "contraste", "kontrast", "kontrastreicher", "コントラスト", "对比"],
    apply: (image) => image.linear(1.3, -0.15 * 255 * 0.5),
  },
  {
    name: "vivid",
    words: [
      "vivid",
      "vibrant",
      "saturate",
      "saturated",
      "colorful",
      "colourful",
      "more color",
      "vívido",
      "vibrante",
      "saturé",
      "vif",
      "lebendig",
      "kräftig",
      "gesättigt",
      "鮮やか",
      "鲜艳",
    ],
    apply: (image) => image.modulate({ saturation: 1.5 }),
  },
  {
    name: "muted",
    words: ["muted", "desaturate", "desaturated", "faded", "pastel", "apagado", "désaturé", "entsättigt", "gedämpft", "くすんだ", "淡化"],
    apply: (image) => image.modulate({ saturation: 0.55 }),
  },
  {
    name: "warmer",
    words: [
      "warmer",
      "warm",
      "warm tones",
      "golden hour",
      "sunset",
      "más cálido",
      "cálido",
      "plus chaud",
      "chaud",
      "wärmer",
      "warme",
      "暖かく",
      "暖色",
      "温暖",
    ],
    apply: (image) => image.recomb(WARM),
  },
  {
    name: "cooler",
    words: ["cooler", "colder", "cold", "icy", "más frío", "frío", "plus froid", "froid", "kälter", "kühl", "冷たく", "寒色", "冷色"],
    apply: (image) => image.recomb(COOL),
  },
  {
    name: "invert",
    words: ["invert", "inverted", "negative", "invertir", "negativo", "inverser", "négatif", "invertieren", "negativ", "反転色", "ネガ", "反色"],
    apply: (image) => image.negate({ alpha: false }),
  },
  {
    name: "black and white",
    words: [
      "black and white",
      "black & white",
      "b&w",
      "grayscale",
      "greyscale",
      "monochrome",
      "noir",
      "blanco y negro",
      "escala de grises",
      "noir et blanc",
      "schwarz-weiß",
      "schwarzweiß",
      "schwarz weiß",
      "graustufen",
      "白黒",
      "モノクロ",
      "黑白",
      "灰度",
    ],
    apply: (image) => image.grayscale(),
  },
  { name: "sepia", words: ["sepia", "sépia", "セピア", "棕褐色"], apply: (image) => image.recomb(SEPIA) },
  {
    name: "vintage",
    words: [
      "vintage",
      "retro",
      "old photo",
      "old-fashioned",
      "antique",
      "film look",
      "antiguo",
      "vieja foto",
      "ancienne",
      "rétro",
      "altes foto",
      "ヴィンテージ",
      "レトロ",
      "复古",
    ],
    apply: async (image, size) => withVignette(image.recomb(SEPIA).modulate({ saturation: 0.8 }).linear(0.9, 12), size, 0.55),
  },
  { name: "vignette", words: ["vignette", "viñeta", "vignettage", "ビネット", "暗角"], apply: (image, size) => withVignette(image, size, 0.6) },
];

/** The adjustments a prompt asks for, in application order; empty when it asks for none the engine knows. */
export function localEditPlan(prompt: string): EditStep[] {
  const steps = EDIT_STEPS.filter((step) => hasWord(prompt, step.words));
  // "Vintage" already includes its sepia; a vignette request adds to it rather than doubling.
  return steps.some((step) => step.name === "vintage") ? steps.filter((step) => step.name !== "sepia") : steps;
}

export const LOCAL_EDIT_NAMES = EDIT_STEPS.map((step) => step.name);

export async function editLocal(input: EditInput): Promise<ImageAsset> {
  const steps = localEditPlan(input.prompt);
  const pixels = await decodeRgba(input.image);
  const size = { width: pixels.width, height: pixels.height };
  let image = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } });
  for (const step of steps) {
    // Each step reads the previous one's finished pixels, so operations compose in order.
    image = sharp(await (await step.apply(image, size)).png().toBuffer());
  }
  const buffer = await image.png().toBuffer();
  return { buffer, contentType: "image/png", width: size.width, height: size.height };
}
