// The adjustments the offline editor makes and the words that ask for each, in the six languages.
// Kept apart from the engine's image code: the web tier refuses a prompt the engine cannot read
// before anything is charged, and must not load the engine to do it.
import { hasWord } from "./prompt-words";

/** Each adjustment, in the order they are applied when a prompt asks for several. */
export const LOCAL_EDIT_NAMES = [
  "mirror",
  "upside down",
  "pixelate",
  "blur",
  "sharpen",
  "brighter",
  "darker",
  "contrast",
  "vivid",
  "muted",
  "warmer",
  "cooler",
  "invert",
  "black and white",
  "sepia",
  "vintage",
  "vignette",
] as const;

export type LocalEditName = (typeof LOCAL_EDIT_NAMES)[number];

const WORDS: Record<LocalEditName, string[]> = {
  mirror: ["flip", "mirror", "mirrored", "espejo", "miroir", "spiegeln", "反転", "镜像"],
  "upside down": ["upside down", "flip vertically", "al revés", "à l'envers", "kopfüber", "上下逆"],
  pixelate: ["pixelate", "pixelated", "pixel art", "8-bit", "pixelar", "pixeliser", "verpixeln", "ピクセル", "像素"],
  blur: ["blur", "blurry", "soften", "soft focus", "dreamy", "desenfocar", "difuminar", "flou", "flouter", "unscharf", "weichzeichnen", "ぼかし", "模糊"],
  sharpen: ["sharpen", "sharper", "crisp", "crisper", "enfocar", "nitidez", "netteté", "schärfen", "schärfer", "シャープ", "锐化"],
  brighter: [
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
  darker: ["darker", "darken", "moody", "más oscuro", "oscurecer", "plus sombre", "assombrir", "dunkler", "abdunkeln", "暗く", "更暗", "变暗"],
  contrast: ["contrast", "more contrast", "punchy", "contraste", "kontrast", "kontrastreicher", "コントラスト", "对比"],
  vivid: [
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
  muted: ["muted", "desaturate", "desaturated", "faded", "pastel", "apagado", "désaturé", "entsättigt", "gedämpft", "くすんだ", "淡化"],
  warmer: ["warmer", "warm", "warm tones", "golden hour", "sunset", "más cálido", "cálido", "plus chaud", "chaud", "wärmer", "warme", "暖かく", "暖色", "温暖"],
  cooler: ["cooler", "colder", "cold", "icy", "más frío", "frío", "plus froid", "froid", "kälter", "kühl", "冷たく", "寒色", "冷色"],
  invert: ["invert", "inverted", "negative", "invertir", "negativo", "inverser", "négatif", "invertieren", "negativ", "反転色", "ネガ", "反色"],
  "black and white": [
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
  sepia: ["sepia", "sépia", "セピア", "棕褐色"],
  vintage: [
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
  vignette: ["vignette", "viñeta", "vignettage", "ビネット", "暗角"],
};

/** The adjustments a prompt asks for, in application order; empty when it asks for none the engine knows. */
export function localEditPlan(prompt: string): LocalEditName[] {
  const names = LOCAL_EDIT_NAMES.filter((name) => hasWord(prompt, WORDS[name]));
  // "Vintage" already includes its sepia; a vignette request adds to it rather than doubling.
  return names.includes("vintage") ? names.filter((name) => name !== "sepia") : names;
}
