// The local cartoon filter: renders each preset of spec §3 (cartoon, anime, clay, 3d, retro, studio)
// with classic OpenCV operations, so the studio works without an AI provider.
import "server-only";
import sharp from "sharp";
import { decodeRgba, encodePng } from "../asset";
import { CARTOON_STYLES, type CartoonizeInput, type CartoonLook, type ImageAsset } from "../types";
import { bloom, blurBytes, edgePooling, halftone, localContrast, medianBytes, oddAtLeast, pillowShading, type Frame } from "./cartoon-effects";
import { bytesFromMat, gaussianBlur, matFromRgb, smoothNoise, withMats, type CvMat, type MatScope } from "./opencv";
import { clampByte, luma, mix, paintMask, saturate, splitRgba, stretch, tone, vignette, withColour, type Colour } from "./pixels";

/** A custom style description's closest preset; ordered so specific words win over generic ones. */
const STYLE_KEYWORDS: readonly [CartoonLook, RegExp][] = [
  ["clay", /\b(clay|claymation|plasticine|play-?doh|stop[- ]motion|aardman|wallace|sculpt\w*|modell?ing)\b/],
  [
    "retro",
    /\b(retro|vintage|50s|1950s?|fifties|60s|1960s?|sixties|old[- ]school|comic[- ]book|halftone|pop[- ]art|pulp|newsprint|classic disney|rubber[- ]hose)\b/,
  ],
  ["studio", /\b(ghibli|miyazaki|watercolou?r|painted|painterly|painting|hand[- ]painted|gouache|storybook|pastel|impressionis\w*|oil)\b/],
  ["3d", /\b(3d|3-d|pixar|dreamworks|render\w*|cgi|blender|octane|unreal|toy story|disney 3d|three[- ]dimensional|isometric)\b/],
  ["anime", /\b(anime|manga|japanese|shonen|shojo|chibi|kawaii|cel[- ]shad\w*|waifu|otaku|makoto shinkai|shinkai)\b/],
  ["cartoon", /\b(cartoon|comic|toon|simpsons|looney|flat|bold lines?)\b/],
];

/** The preset a free-text style comes closest to; classic cartoon when nothing matches. */
export function styleForText(text: string): CartoonLook {
  const normalised = text.toLowerCase();
  for (const [style, pattern] of STYLE_KEYWORDS) if (pattern.test(normalised)) return style;
  return "cartoon";
}

/**
 * Photos above this size are stylised on a reduced copy and scaled back up. The looks are
 * simplifications, so nothing is lost, while at 12 MP the clay look alone needed the WebAssembly
 * heap's full 1 GB (which never shrinks afterwards) and 6.5 s; at 3 MP it stays near 270 MB.
 */
const MAX_RENDER_PIXELS = 3_000_000;

export async function cartoonizeLocal(input: CartoonizeInput): Promise<ImageAsset> {
  const style = input.style ?? styleForText(input.customStyle ?? "");
  if (!CARTOON_STYLES.includes(style)) throw new Error(`Unknown cartoon style: ${String(style)}`);
  const pixels = await decodeRgba(input.image);
  const { width, height } = pixels;
  const scale = Math.min(1, Math.sqrt(MAX_RENDER_PIXELS / (width * height)));
  const renderWidth = Math.max(1, Math.round(width * scale));
  const renderHeight = Math.max(1, Math.round(height * scale));
  const source =
    scale < 1
      ? await sharp(pixels.data, { raw: { width, height, channels: 4 } })
          .resize(renderWidth, renderHeight, { fit: "fill" })
          .raw()
          .toBuffer()
      : pixels.data;

  const { rgb } = splitRgba(source, renderWidth * renderHeight);
  const frame: Frame = { rgb, width: renderWidth, height: renderHeight, unit: Math.max(0.5, Math.max(renderWidth, renderHeight) / 1000) };
  let styled = await withMats((scope) => RENDERERS[style](scope, frame));
  if (scale < 1)
    styled = await sharp(styled, { raw: { width: renderWidth, height: renderHeight, channels: 3 } })
      .resize(width, height, { fit: "fill" })
      .raw()
      .toBuffer();

  // Transparency survives the filter at full resolution: a cut-out subject stays a cut-out.
  return encodePng({ data: withColour(pixels.data, styled), width, height });
}

type Renderer = (scope: MatScope, frame: Frame) => Uint8Array;

const RENDERERS: Record<CartoonLook, Renderer> = {
  cartoon: renderCartoon,
  anime: renderAnime,
  clay: renderClay,
  "3d": renderThreeD,
  retro: renderRetro,
  studio: renderStudio,
};

/** Classic cartoon: flat, slightly punchier colours from an 8-colour palette and bold black ink. */
function renderCartoon(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 720, passes: 4, diameter: 9, sigmaColor: 40, sigmaSpace: 7 });
  const flat = quantise(scope, saturate(bytesFromMat(smooth), 1.25), 8, 1.6);
  const ink = inkMask(scope, smooth, frame, { block: 11, thickness: 1.2, minArea: 60 });
  return paintMask(flat, ink, [20, 16, 18], 1);
}

/** Anime: luminous, saturated cel colours over a softened picture, thin clean line art and a glow. */
function renderAnime(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 640, passes: 6, diameter: 9, sigmaColor: 55, sigmaSpace: 9, median: 5 });
  const bright = tone(saturate(bytesFromMat(smooth), 1.45), { gamma: 0.86, lift: 8 });
  const cel = quantise(scope, bright, 12, 1.6);
  // Cel shading keeps a soft trace of the gradient underneath instead of hard posterised steps.
  const colours = mix(cel, bright, 0.2);
  const glowing = bloom(scope, colours, frame, { threshold: 190, sigma: 14 * frame.unit, strength: 0.45 });
  const lines = cannyLines(scope, smooth, { low: 40, high: 110, minArea: Math.round(24 * frame.unit) });
  return paintMask(glowing, lines, [48, 30, 52], 0.85);
}

/** Claymation: rounded lumps in eight matte colours, each puffed up and lit like modelling clay. */
function renderClay(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 260, passes: 5, diameter: 7, sigmaColor: 60, sigmaSpace: 7, median: 5 });
  const matte = tone(bytesFromMat(smooth), { gamma: 0.92, lift: 8, warmth: 10 });
  // Rounds the corners where colour regions meet and melts small islands into their neighbours,
  // like blobs pressed together by hand. Hue counts extra so skin does not merge with a beige wall.
  const lumps = medianBytes(scope, quantise(scope, matte, 8, 2.5), frame, oddAtLeast(11 * frame.unit, 7));
  const shade = pillowShading(scope, lumps, frame, 12 * frame.unit);
  const carving = carvedDetail(scope, source, frame);
  const texture = smoothNoise(scope, frame.width, frame.height, 1.4 * frame.unit, 11);
  const out = new Uint8Array(lumps.length);
  for (let i = 0, p = 0; p < out.length; i++, p += 3) {
    const light = (shade.diffuse[i] ?? 1) * (carving[i] ?? 1) * (1 + 0.03 * (texture[i] ?? 0));
    const sheen = shade.specular[i] ?? 0;
    out[p] = clampByte((lumps[p] ?? 0) * light + sheen);
    out[p + 1] = clampByte((lumps[p + 1] ?? 0) * light + sheen);
    out[p + 2] = clampByte((lumps[p + 2] ?? 0) * light + sheen);
  }
  return out;
}

/**
 * Features the colour lumps swallowed (eyes, mouth, folds) come back as soft dents: a multiplier
 * below 1 where the photo is darker than its surroundings, as if pressed in with a modelling tool.
 */
function carvedDetail(scope: MatScope, source: CvMat, frame: Frame): Float32Array {
  const { cv } = scope;
  const grey = scope.mat();
  cv.cvtColor(source, grey, cv.COLOR_RGB2GRAY);
  const near = gaussianBlur(scope, grey, Math.max(1, 2 * frame.unit));
  const far = gaussianBlur(scope, grey, Math.max(2, 10 * frame.unit));
  const n = near.data;
  const f = far.data;
  const out = new Float32Array(n.length);
  for (let i = 0; i < out.length; i++) {
    const ratio = ((n[i] ?? 0) + 16) / ((f[i] ?? 0) + 16);
    out[i] = Math.min(1, Math.max(0.6, 1 - (1 - ratio) * 0.8));
  }
  return out;
}

/** 3D render: smooth sculpted gradients, gentle banding, boosted volume shading and specular glints. */
function renderThreeD(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 800, passes: 6, diameter: 9, sigmaColor: 45, sigmaSpace: 9 });
  const base = saturate(bytesFromMat(smooth), 1.25);
  const banded = mix(quantise(scope, base, 24), base, 0.45);
  // Local contrast at a large radius reads as form shading: surfaces look rounded and lit.
  const volume = localContrast(scope, banded, frame, { sigma: 28 * frame.unit, amount: 0.7 });
  const lit = bloom(scope, tone(volume, { gamma: 0.92, contrast: 1.1 }), frame, { threshold: 200, sigma: 5 * frame.unit, strength: 0.9 });
  return vignette(lit, frame.width, frame.height, 0.18);
}

/** A 1950s printed cartoon: a fixed muted palette, halftone dots, thick ink and yellowed paper. */
function renderRetro(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 600, passes: 4, diameter: 9, sigmaColor: 50, sigmaSpace: 7, median: 7 });
  const smoothBytes = bytesFromMat(smooth);
  // Quantising first and mapping the few resulting colours keeps whole regions on one printing ink;
  // mapping pixels directly would speckle every gradient between two inks.
  const printed = mapToPalette(quantise(scope, stretch(smoothBytes), 8, 1.5), RETRO_PALETTE);
  const dotted = halftone(printed, smoothBytes, frame);
  const ink = inkMask(scope, smooth, frame, { block: 13, thickness: 2, minArea: 80 });
  const inked = paintMask(dotted, ink, RETRO_INK, 0.95);
  const paper = smoothNoise(scope, frame.width, frame.height, 0.8 * frame.unit, 5);
  for (let i = 0, p = 0; p < inked.length; i++, p += 3) {
    const fibre = 1 + 0.03 * (paper[i] ?? 0);
    inked[p] = clampByte((inked[p] ?? 0) * fibre);
    inked[p + 1] = clampByte((inked[p + 1] ?? 0) * fibre);
    inked[p + 2] = clampByte((inked[p + 2] ?? 0) * fibre);
  }
  return inked;
}

/** Hand-painted feature film: soft watercolour washes with pooled edges, paper grain and warm light. */
function renderStudio(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 520, passes: 5, diameter: 9, sigmaColor: 60, sigmaSpace: 9, median: 9 });
  const warm = tone(saturate(bytesFromMat(smooth), 1.2), { gamma: 0.75, lift: 20, warmth: 12, contrast: 0.95 });
  const washes = medianBytes(scope, quantise(scope, warm, 8), frame, oddAtLeast(9 * frame.unit, 5));
  // Wet paint bleeds: region borders blur into each other instead of meeting hard.
  const bled = blurBytes(scope, mix(washes, warm, 0.55), frame, 2.5 * frame.unit);
  const pooled = edgePooling(scope, washes, frame);
  const granulation = smoothNoise(scope, frame.width, frame.height, 3 * frame.unit, 23);
  const fibres = smoothNoise(scope, frame.width, frame.height, 0.6 * frame.unit, 29);
  const lines = cannyLines(scope, smooth, { low: 80, high: 180, minArea: Math.round(30 * frame.unit) });
  const out = new Uint8Array(bled.length);
  for (let i = 0, p = 0; p < out.length; i++, p += 3) {
    const y = Math.floor(i / frame.width);
    // Light falls from the top of the frame, as in a sunlit establishing shot.
    const light = 1.06 - 0.1 * (y / frame.height);
    const paint = (1 - 0.1 * (pooled[i] ?? 0)) * (1 + 0.025 * (granulation[i] ?? 0) + 0.02 * (fibres[i] ?? 0)) * light;
    const pencil = lines[i] ? 0.3 : 0;
    out[p] = clampByte((bled[p] ?? 0) * paint * (1 - pencil) + 92 * pencil);
    out[p + 1] = clampByte((bled[p + 1] ?? 0) * paint * (1 - pencil) + 64 * pencil);
    out[p + 2] = clampByte((bled[p + 2] ?? 0) * paint * (1 - pencil) + 44 * pencil);
  }
  return out;
}

/** Cream paper, ink and the mid-century printing inks of magazine cartoons. */
const RETRO_PALETTE: readonly Colour[] = [
  [242, 230, 200], // paper cream
  [221, 180, 110], // sand
  [214, 160, 56], // mustard
  [196, 82, 58], // tomato red
  [213, 140, 124], // dusty pink
  [236, 192, 160], // peach
  [176, 162, 140], // putty grey
  [70, 132, 128], // teal
  [140, 176, 186], // powder blue
  [150, 160, 100], // olive
  [110, 72, 52], // chocolate
  [52, 44, 40], // soft black
];
const RETRO_INK: Colour = [40, 30, 28];

interface SmoothOptions {
  /** Longest side the filter runs at: bilateral cost grows with area, and fine detail is unwanted. */
  longest: number;
  passes: number;
  diameter: number;
  sigmaColor: number;
  sigmaSpace: number;
  median?: number;
}

/** Edge-preserving smoothing (repeated bilateral filtering) at a reduced size, scaled back up. */
function smoothed(scope: MatScope, source: CvMat, options: SmoothOptions): CvMat {
  const { cv } = scope;
  const scale = Math.min(1, options.longest / Math.max(source.cols, source.rows));
  let current = source;
  if (scale < 1) {
    current = scope.mat();
    cv.resize(
      source,
      current,
      { width: Math.max(1, Math.round(source.cols * scale)), height: Math.max(1, Math.round(source.rows * scale)) },
      0,
      0,
      cv.INTER_AREA,
    );
  }
  for (let pass = 0; pass < options.passes; pass++) {
    const next = scope.mat();
    cv.bilateralFilter(current, next, options.diameter, options.sigmaColor, options.sigmaSpace, cv.BORDER_REPLICATE);
    current = next;
  }
  if (options.median) {
    const next = scope.mat();
    cv.medianBlur(current, next, options.median);
    current = next;
  }
  if (current.cols === source.cols && current.rows === source.rows) return current;
  const full = scope.mat();
  cv.resize(current, full, { width: source.cols, height: source.rows }, 0, 0, cv.INTER_CUBIC);
  return full;
}

/**
 * Reduces the picture to `k` colours: k-means runs on an evenly spread sample of at most 24,000
 * pixels (the full image would cost seconds), then every pixel takes its nearest centre. `chroma`
 * weighs hue against brightness: above 1 keeps a face apart from a wall of similar brightness.
 */
function quantise(scope: MatScope, rgb: Uint8Array, k: number, chroma = 1): Uint8Array {
  const { cv } = scope;
  const total = rgb.length / 3;
  const samples = Math.min(total, 24_000);
  const step = total / samples;
  const data = scope.keep(new cv.Mat(samples, 3, cv.CV_32FC1));
  const values = data.data32F;
  for (let s = 0; s < samples; s++) {
    const p = Math.floor(s * step) * 3;
    const [a, b, c] = features(rgb[p] ?? 0, rgb[p + 1] ?? 0, rgb[p + 2] ?? 0, chroma);
    values[s * 3] = a;
    values[s * 3 + 1] = b;
    values[s * 3 + 2] = c;
  }
  const labels = scope.mat();
  const centres = scope.mat();
  // A fixed seed makes k-means++ pick the same centres, so a request always renders the same image.
  cv.setRNGSeed(0x5eed);
  cv.kmeans(data, Math.min(k, samples), labels, new cv.TermCriteria(cv.TermCriteria_EPS + cv.TermCriteria_MAX_ITER, 12, 1), 1, cv.KMEANS_PP_CENTERS, centres);
  const flat = centres.data32F;
  const palette: Colour[] = [];
  for (let c = 0; c < centres.rows; c++) palette.push(fromFeatures(flat[c * 3] ?? 0, flat[c * 3 + 1] ?? 0, flat[c * 3 + 2] ?? 0, chroma));
  return mapToPalette(rgb, palette, chroma);
}

/** Brightness and two colour-difference axes (as in YCbCr), the colour axes scaled by `chroma`. */
function features(r: number, g: number, b: number, chroma: number): [number, number, number] {
  const y = luma(r, g, b);
  return [y, (r - y) * chroma, (b - y) * chroma];
}

function fromFeatures(y: number, redDifference: number, blueDifference: number, chroma: number): Colour {
  const r = y + redDifference / chroma;
  const b = y + blueDifference / chroma;
  const g = (y - 0.299 * r - 0.114 * b) / 0.587;
  return [clampByte(r), clampByte(g), clampByte(b)];
}

/** Each pixel's nearest palette colour, measured in the same brightness/colour space as `quantise`. */
function mapToPalette(rgb: Uint8Array, palette: readonly Colour[], chroma = 1): Uint8Array {
  const targets = palette.map(([r, g, b]) => features(r, g, b, chroma));
  const out = new Uint8Array(rgb.length);
  // A 32³ cache: photos repeat colours heavily, so most pixels skip the palette search.
  const cache = new Int16Array(32 * 32 * 32).fill(-1);
  for (let p = 0; p < rgb.length; p += 3) {
    const r = rgb[p] ?? 0;
    const g = rgb[p + 1] ?? 0;
    const b = rgb[p + 2] ?? 0;
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    let best = cache[key] ?? -1;
    if (best < 0) {
      let bestDistance = Infinity;
      const [fy, fr, fb] = features((r & ~7) + 4, (g & ~7) + 4, (b & ~7) + 4, chroma);
      for (let c = 0; c < targets.length; c++) {
        const target = targets[c]!;
        const distance = (fy - target[0]) ** 2 + (fr - target[1]) ** 2 + (fb - target[2]) ** 2;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = c;
        }
      }
      cache[key] = best;
    }
    const colour = palette[best]!;
    out[p] = colour[0];
    out[p + 1] = colour[1];
    out[p + 2] = colour[2];
  }
  return out;
}

/** A style's ink, in pixels of a 1000-pixel image (scaled to the frame's `unit`). */
interface InkOptions {
  /** Side of the neighbourhood a pixel is compared with. */
  block: number;
  /** How far lines are thickened. */
  thickness: number;
  /** Ink strokes smaller than this area are texture (wood grain, fabric), not contours. */
  minArea: number;
}

const INK_MEDIAN = 5;
const INK_OFFSET = 4;

/**
 * Ink lines where the smoothed picture is locally darker than its neighbourhood (an adaptive
 * threshold, which follows contours whatever the overall brightness); 1 marks ink.
 */
function inkMask(scope: MatScope, smooth: CvMat, frame: Frame, options: InkOptions): Uint8Array {
  const { cv } = scope;
  const block = oddAtLeast(options.block * frame.unit, 9);
  const thickness = Math.max(1, Math.round(options.thickness * frame.unit));
  const grey = scope.mat();
  cv.cvtColor(smooth, grey, cv.COLOR_RGB2GRAY);
  const quiet = scope.mat();
  cv.medianBlur(grey, quiet, INK_MEDIAN);
  const ink = scope.mat();
  cv.adaptiveThreshold(quiet, ink, 255, cv.ADAPTIVE_THRESH_MEAN_C, cv.THRESH_BINARY_INV, block, INK_OFFSET);
  const strokes = dropSmallComponents(scope, ink, Math.round(options.minArea * frame.unit * frame.unit));
  const kernel = scope.keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, { width: thickness * 2 + 1, height: thickness * 2 + 1 }));
  const lines = scope.mat();
  cv.dilate(strokes, lines, kernel);
  const out = new Uint8Array(lines.data);
  for (let i = 0; i < out.length; i++) out[i] = out[i] ? 1 : 0;
  return out;
}

/** A copy of a binary mask without its connected blobs smaller than `minArea` pixels. */
function dropSmallComponents(scope: MatScope, mask: CvMat, minArea: number): CvMat {
  const { cv } = scope;
  const labels = scope.mat();
  const stats = scope.mat();
  const centroids = scope.mat();
  const count = cv.connectedComponentsWithStats(mask, labels, stats, centroids, 8, cv.CV_32S);
  const keep = new Uint8Array(count);
  const table = stats.data32S;
  // Row 0 is the background; each row holds x, y, width, height, area.
  for (let label = 1; label < count; label++) keep[label] = (table[label * 5 + 4] ?? 0) >= minArea ? 255 : 0;
  const kept = scope.keep(new cv.Mat(mask.rows, mask.cols, cv.CV_8UC1));
  const ids = labels.data32S;
  const out = kept.data;
  for (let i = 0; i < ids.length; i++) out[i] = keep[ids[i] ?? 0] ?? 0;
  return kept;
}

/** Thin contour lines from Canny edges of an already smoothed picture, without stray fragments; 1 marks a line. */
function cannyLines(scope: MatScope, smooth: CvMat, options: { low: number; high: number; minArea: number }): Uint8Array {
  const { cv } = scope;
  const grey = scope.mat();
  cv.cvtColor(smooth, grey, cv.COLOR_RGB2GRAY);
  const edges = scope.mat();
  cv.Canny(grey, edges, options.low, options.high, 3, true);
  const lines = dropSmallComponents(scope, edges, options.minArea);
  const out = new Uint8Array(lines.data);
  for (let i = 0; i < out.length; i++) out[i] = out[i] ? 1 : 0;
  return out;
}
