// The local cartoon filter: renders each preset of spec §3 (cartoon, anime, clay, 3d, retro, studio)
// with classic OpenCV operations, so the studio works without an AI provider.
import "server-only";
import sharp from "sharp";
import { decodeRgba, encodePng } from "../asset";
import { CARTOON_STYLES, type CartoonizeInput, type CartoonStyle, type ImageAsset } from "../types";
import { gaussianBlur, matFromRgb, smoothNoise, withMats, type CvMat, type MatScope } from "./opencv";

/** A custom style description's closest preset; ordered so specific words win over generic ones. */
const STYLE_KEYWORDS: readonly [CartoonStyle, RegExp][] = [
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
export function styleForText(text: string): CartoonStyle {
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

  const rgb = new Uint8Array(renderWidth * renderHeight * 3);
  for (let i = 0, p = 0; p < rgb.length; i += 4, p += 3) {
    rgb[p] = source[i] ?? 0;
    rgb[p + 1] = source[i + 1] ?? 0;
    rgb[p + 2] = source[i + 2] ?? 0;
  }
  const frame: Frame = { rgb, width: renderWidth, height: renderHeight, unit: Math.max(0.5, Math.max(renderWidth, renderHeight) / 1000) };
  let styled = await withMats((scope) => RENDERERS[style](scope, frame));
  if (scale < 1)
    styled = await sharp(styled, { raw: { width: renderWidth, height: renderHeight, channels: 3 } })
      .resize(width, height, { fit: "fill" })
      .raw()
      .toBuffer();

  // Transparency survives the filter at full resolution: a cut-out subject stays a cut-out.
  const output = Buffer.from(pixels.data);
  for (let i = 0, p = 0; p < styled.length; i += 4, p += 3) {
    output[i] = styled[p] ?? 0;
    output[i + 1] = styled[p + 1] ?? 0;
    output[i + 2] = styled[p + 2] ?? 0;
  }
  return encodePng({ data: output, width, height });
}

interface Frame {
  rgb: Uint8Array;
  width: number;
  height: number;
  /** The image's longest side in thousands of pixels (at least 0.5): scales line widths and blurs. */
  unit: number;
}

type Renderer = (scope: MatScope, frame: Frame) => Uint8Array;
type Colour = readonly [number, number, number];

const RENDERERS: Record<CartoonStyle, Renderer> = {
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
  const flat = quantise(scope, saturate(bytes(smooth), 1.25), 8, 1.6);
  const ink = inkMask(scope, smooth, frame, { block: 11, thickness: 1.2, minArea: 60 });
  return paintInk(flat, ink, [20, 16, 18], 1);
}

/** Anime: luminous, saturated cel colours over a softened picture, thin clean line art and a glow. */
function renderAnime(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 640, passes: 6, diameter: 9, sigmaColor: 55, sigmaSpace: 9, median: 5 });
  const bright = tone(saturate(bytes(smooth), 1.45), { gamma: 0.86, lift: 8 });
  const cel = quantise(scope, bright, 12, 1.6);
  // Cel shading keeps a soft trace of the gradient underneath instead of hard posterised steps.
  const colours = mix(cel, bright, 0.2);
  const glowing = bloom(scope, colours, frame, { threshold: 190, sigma: 14 * frame.unit, strength: 0.45 });
  const lines = cannyLines(scope, smooth, { low: 40, high: 110, minArea: Math.round(24 * frame.unit) });
  return paintInk(glowing, lines, [48, 30, 52], 0.85);
}

/** Claymation: rounded lumps in eight matte colours, each puffed up and lit like modelling clay. */
function renderClay(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 260, passes: 5, diameter: 7, sigmaColor: 60, sigmaSpace: 7, median: 5 });
  const matte = tone(bytes(smooth), { gamma: 0.92, lift: 8, warmth: 10 });
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
    out[p] = byte((lumps[p] ?? 0) * light + sheen);
    out[p + 1] = byte((lumps[p + 1] ?? 0) * light + sheen);
    out[p + 2] = byte((lumps[p + 2] ?? 0) * light + sheen);
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
  const base = saturate(bytes(smooth), 1.25);
  const banded = mix(quantise(scope, base, 24), base, 0.45);
  // Local contrast at a large radius reads as form shading: surfaces look rounded and lit.
  const volume = localContrast(scope, banded, frame, { sigma: 28 * frame.unit, amount: 0.7 });
  const lit = bloom(scope, tone(volume, { gamma: 0.92, contrast: 1.1 }), frame, { threshold: 200, sigma: 5 * frame.unit, strength: 0.9 });
  return vignette(lit, frame, 0.18);
}

/** A 1950s printed cartoon: a fixed muted palette, halftone dots, thick ink and yellowed paper. */
function renderRetro(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 600, passes: 4, diameter: 9, sigmaColor: 50, sigmaSpace: 7, median: 7 });
  const smoothBytes = bytes(smooth);
  // Quantising first and mapping the few resulting colours keeps whole regions on one printing ink;
  // mapping pixels directly would speckle every gradient between two inks.
  const printed = mapToPalette(quantise(scope, stretch(smoothBytes), 8, 1.5), RETRO_PALETTE);
  const dotted = halftone(printed, smoothBytes, frame);
  const ink = inkMask(scope, smooth, frame, { block: 13, thickness: 2, minArea: 80 });
  const inked = paintInk(dotted, ink, RETRO_INK, 0.95);
  const paper = smoothNoise(scope, frame.width, frame.height, 0.8 * frame.unit, 5);
  for (let i = 0, p = 0; p < inked.length; i++, p += 3) {
    const fibre = 1 + 0.03 * (paper[i] ?? 0);
    inked[p] = byte((inked[p] ?? 0) * fibre);
    inked[p + 1] = byte((inked[p + 1] ?? 0) * fibre);
    inked[p + 2] = byte((inked[p + 2] ?? 0) * fibre);
  }
  return inked;
}

/** Hand-painted feature film: soft watercolour washes with pooled edges, paper grain and warm light. */
function renderStudio(scope: MatScope, frame: Frame): Uint8Array {
  const source = matFromRgb(scope, frame.rgb, frame.width, frame.height);
  const smooth = smoothed(scope, source, { longest: 520, passes: 5, diameter: 9, sigmaColor: 60, sigmaSpace: 9, median: 9 });
  const warm = tone(saturate(bytes(smooth), 1.2), { gamma: 0.75, lift: 20, warmth: 12, contrast: 0.95 });
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
    out[p] = byte((bled[p] ?? 0) * paint * (1 - pencil) + 92 * pencil);
    out[p + 1] = byte((bled[p + 1] ?? 0) * paint * (1 - pencil) + 64 * pencil);
    out[p + 2] = byte((bled[p + 2] ?? 0) * paint * (1 - pencil) + 44 * pencil);
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
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  return [y, (r - y) * chroma, (b - y) * chroma];
}

function fromFeatures(y: number, redDifference: number, blueDifference: number, chroma: number): Colour {
  const r = y + redDifference / chroma;
  const b = y + blueDifference / chroma;
  const g = (y - 0.299 * r - 0.114 * b) / 0.587;
  return [byte(r), byte(g), byte(b)];
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

function paintInk(rgb: Uint8Array, ink: Uint8Array, colour: Colour, opacity: number): Uint8Array {
  const out = new Uint8Array(rgb);
  for (let i = 0, p = 0; i < ink.length; i++, p += 3) {
    if (!ink[i]) continue;
    out[p] = byte((rgb[p] ?? 0) * (1 - opacity) + colour[0] * opacity);
    out[p + 1] = byte((rgb[p + 1] ?? 0) * (1 - opacity) + colour[1] * opacity);
    out[p + 2] = byte((rgb[p + 2] ?? 0) * (1 - opacity) + colour[2] * opacity);
  }
  return out;
}

/** Scales each pixel's distance from its grey by `amount` (above 1 saturates, below 1 mutes). */
function saturate(rgb: Uint8Array, amount: number): Uint8Array {
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p += 3) {
    const r = rgb[p] ?? 0;
    const g = rgb[p + 1] ?? 0;
    const b = rgb[p + 2] ?? 0;
    const grey = 0.299 * r + 0.587 * g + 0.114 * b;
    out[p] = byte(grey + (r - grey) * amount);
    out[p + 1] = byte(grey + (g - grey) * amount);
    out[p + 2] = byte(grey + (b - grey) * amount);
  }
  return out;
}

interface ToneOptions {
  /** Below 1 brightens the mid-tones. */
  gamma?: number;
  /** Raises the black point, as a matte print or a sunlit haze does. */
  lift?: number;
  /** Pushes red up and blue down by this many levels. */
  warmth?: number;
  /** Contrast around mid-grey. */
  contrast?: number;
}

function tone(rgb: Uint8Array, options: ToneOptions): Uint8Array {
  const { gamma = 1, lift = 0, warmth = 0, contrast = 1 } = options;
  const curves = [0, 1, 2].map((channel) => {
    const shift = channel === 0 ? warmth : channel === 2 ? -warmth : warmth * 0.3;
    const curve = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      const gammaCorrected = 255 * Math.pow(v / 255, gamma);
      const contrasted = 128 + (gammaCorrected - 128) * contrast;
      curve[v] = byte(lift + contrasted * (1 - lift / 255) + shift);
    }
    return curve;
  });
  const [red, green, blue] = curves as [Uint8Array, Uint8Array, Uint8Array];
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p += 3) {
    out[p] = red[rgb[p] ?? 0] ?? 0;
    out[p + 1] = green[rgb[p + 1] ?? 0] ?? 0;
    out[p + 2] = blue[rgb[p + 2] ?? 0] ?? 0;
  }
  return out;
}

/** Stretches the levels so that the 1st and 99th percentiles of brightness span the full range. */
function stretch(rgb: Uint8Array): Uint8Array {
  const histogram = new Uint32Array(256);
  for (let p = 0; p < rgb.length; p += 3) histogram[Math.round(0.299 * (rgb[p] ?? 0) + 0.587 * (rgb[p + 1] ?? 0) + 0.114 * (rgb[p + 2] ?? 0))]! += 1;
  const total = rgb.length / 3;
  let low = 0;
  let high = 255;
  for (let seen = 0; low < 255 && seen + (histogram[low] ?? 0) < total * 0.01; low++) seen += histogram[low] ?? 0;
  for (let seen = 0; high > 0 && seen + (histogram[high] ?? 0) < total * 0.01; high--) seen += histogram[high] ?? 0;
  if (high - low < 32) return rgb;
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p++) out[p] = byte((((rgb[p] ?? 0) - low) * 255) / (high - low));
  return out;
}

function mix(a: Uint8Array, b: Uint8Array, weightOfB: number): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let p = 0; p < a.length; p++) out[p] = byte((a[p] ?? 0) * (1 - weightOfB) + (b[p] ?? 0) * weightOfB);
  return out;
}

/** Adds a blurred copy of the brightest areas back onto the image, the way light blooms on film. */
function bloom(scope: MatScope, rgb: Uint8Array, frame: Frame, options: { threshold: number; sigma: number; strength: number }): Uint8Array {
  const bright = new Uint8Array(rgb.length);
  const range = 255 - options.threshold;
  for (let p = 0; p < rgb.length; p += 3) {
    const luma = 0.299 * (rgb[p] ?? 0) + 0.587 * (rgb[p + 1] ?? 0) + 0.114 * (rgb[p + 2] ?? 0);
    const weight = luma <= options.threshold ? 0 : (luma - options.threshold) / range;
    bright[p] = byte((rgb[p] ?? 0) * weight);
    bright[p + 1] = byte((rgb[p + 1] ?? 0) * weight);
    bright[p + 2] = byte((rgb[p + 2] ?? 0) * weight);
  }
  const glow = blurBytes(scope, bright, frame, options.sigma);
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p++) {
    // Screen blending: glow brightens without clipping flat areas to white.
    const base = (rgb[p] ?? 0) / 255;
    const light = ((glow[p] ?? 0) / 255) * options.strength;
    out[p] = byte(255 * (1 - (1 - base) * (1 - light)));
  }
  return out;
}

function blurBytes(scope: MatScope, rgb: Uint8Array, frame: Frame, sigma: number): Uint8Array {
  return bytes(gaussianBlur(scope, matFromRgb(scope, rgb, frame.width, frame.height), Math.max(0.5, sigma)));
}

function medianBytes(scope: MatScope, rgb: Uint8Array, frame: Frame, size: number): Uint8Array {
  const { cv } = scope;
  const mat = matFromRgb(scope, rgb, frame.width, frame.height);
  const filtered = scope.mat();
  cv.medianBlur(mat, filtered, size);
  return bytes(filtered);
}

/** Adds `amount` times the difference from a wide blur: bigger forms gain light and shadow. */
function localContrast(scope: MatScope, rgb: Uint8Array, frame: Frame, options: { sigma: number; amount: number }): Uint8Array {
  const blurred = blurBytes(scope, rgb, frame, options.sigma);
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p++) out[p] = byte((rgb[p] ?? 0) + ((rgb[p] ?? 0) - (blurred[p] ?? 0)) * options.amount);
  return out;
}

/**
 * Lighting for clay lumps: every flat colour region is inflated into a pillow (its height rises
 * with the distance from the region's border, in a quarter-circle profile up to `radius`), lit from
 * the upper left, with occlusion in the creases between lumps and a faint waxy sheen.
 */
function pillowShading(scope: MatScope, rgb: Uint8Array, frame: Frame, radius: number): { diffuse: Float32Array; specular: Float32Array } {
  const { cv } = scope;
  const { width, height } = frame;
  const interior = scope.keep(new cv.Mat(height, width, cv.CV_8UC1));
  const inside = interior.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 3;
      const right = x + 1 < width ? p + 3 : p;
      const below = y + 1 < height ? p + width * 3 : p;
      const border =
        rgb[p] !== rgb[right] ||
        rgb[p + 1] !== rgb[right + 1] ||
        rgb[p + 2] !== rgb[right + 2] ||
        rgb[p] !== rgb[below] ||
        rgb[p + 1] !== rgb[below + 1] ||
        rgb[p + 2] !== rgb[below + 2];
      inside[y * width + x] = border ? 0 : 255;
    }
  }
  const distance = scope.mat();
  cv.distanceTransform(interior, distance, cv.DIST_L2, 3);
  const surface = scope.keep(new cv.Mat(height, width, cv.CV_32FC1));
  const heights = surface.data32F;
  const d = distance.data32F;
  for (let i = 0; i < heights.length; i++) {
    const t = 1 - Math.min(1, (d[i] ?? 0) / radius);
    heights[i] = radius * Math.sqrt(1 - t * t);
  }
  // Softens the ridge a distance map has along each region's middle.
  const soft = gaussianBlur(scope, surface, Math.max(1, radius / 6));
  const dx = scope.mat();
  const dy = scope.mat();
  cv.Sobel(soft, dx, cv.CV_32F, 1, 0, 3, 1 / 8);
  cv.Sobel(soft, dy, cv.CV_32F, 0, 1, 3, 1 / 8);
  const gx = dx.data32F;
  const gy = dy.data32F;
  const depth = distance.data32F;
  const diffuse = new Float32Array(width * height);
  const specular = new Float32Array(width * height);
  const light = normalise([-0.55, -0.6, 0.58]);
  const halfway = normalise([light[0], light[1], light[2] + 1]);
  const flat = 0.6 + 0.4 * light[2];
  const flatGlint = Math.pow(halfway[2], 6);
  for (let i = 0; i < diffuse.length; i++) {
    const normal = normalise([-(gx[i] ?? 0), -(gy[i] ?? 0), 1]);
    const lambert = Math.max(0, normal[0] * light[0] + normal[1] * light[1] + normal[2] * light[2]);
    const crease = 0.78 + 0.22 * Math.min(1, (depth[i] ?? 0) / (radius * 0.35));
    diffuse[i] = ((0.6 + 0.4 * lambert) / flat) * crease;
    // A broad, weak highlight: clay is matte, a tight bright one would read as metal or plastic.
    const glint = Math.max(0, normal[0] * halfway[0] + normal[1] * halfway[1] + normal[2] * halfway[2]);
    specular[i] = 14 * (Math.pow(glint, 6) - flatGlint);
  }
  return { diffuse, specular };
}

function normalise(vector: [number, number, number]): [number, number, number] {
  const length = Math.hypot(vector[0], vector[1], vector[2]) || 1;
  return [vector[0] / length, vector[1] / length, vector[2] / length];
}

/** Printed halftone: dots on a 45° screen, larger where the original is darker, in a deeper ink. */
function halftone(printed: Uint8Array, original: Uint8Array, frame: Frame): Uint8Array {
  const cell = Math.max(5, Math.round(7 * frame.unit));
  const out = new Uint8Array(printed);
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const i = y * frame.width + x;
      const p = i * 3;
      const luma = 0.299 * (original[p] ?? 0) + 0.587 * (original[p + 1] ?? 0) + 0.114 * (original[p + 2] ?? 0);
      const darkness = 1 - luma / 255;
      if (darkness < 0.12) continue;
      const u = (x + y) * Math.SQRT1_2;
      const v = (x - y) * Math.SQRT1_2;
      const du = (((u % cell) + cell) % cell) - cell / 2;
      const dv = (((v % cell) + cell) % cell) - cell / 2;
      const radius = cell * 0.55 * Math.sqrt(darkness);
      const coverage = Math.min(1, Math.max(0, radius - Math.hypot(du, dv) + 0.5));
      if (coverage === 0) continue;
      const shade = 1 - 0.32 * coverage;
      out[p] = byte((out[p] ?? 0) * shade);
      out[p + 1] = byte((out[p + 1] ?? 0) * shade);
      out[p + 2] = byte((out[p + 2] ?? 0) * shade);
    }
  }
  return out;
}

/**
 * How strongly pigment pools at each pixel (0–1): watercolour dries darker along the edges of a
 * wash, so the borders between flat regions get a soft dark rim.
 */
function edgePooling(scope: MatScope, washes: Uint8Array, frame: Frame): Float32Array {
  const { cv } = scope;
  const colour = matFromRgb(scope, washes, frame.width, frame.height);
  const grey = scope.mat();
  cv.cvtColor(colour, grey, cv.COLOR_RGB2GRAY);
  const edges = scope.mat();
  cv.Canny(grey, edges, 10, 30);
  const soft = gaussianBlur(scope, edges, Math.max(1, 2 * frame.unit));
  const values = soft.data;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Math.min(1, ((values[i] ?? 0) / 255) * 2.5);
  return out;
}

/** Darkens towards the corners, as a render's soft ambient occlusion and lens falloff do. */
function vignette(rgb: Uint8Array, frame: Frame, strength: number): Uint8Array {
  const out = new Uint8Array(rgb.length);
  const cx = frame.width / 2;
  const cy = frame.height / 2;
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const distance = ((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2;
      const factor = 1 - strength * Math.min(1, distance / 2) ** 1.5;
      const p = (y * frame.width + x) * 3;
      out[p] = byte((rgb[p] ?? 0) * factor);
      out[p + 1] = byte((rgb[p + 1] ?? 0) * factor);
      out[p + 2] = byte((rgb[p + 2] ?? 0) * factor);
    }
  }
  return out;
}

/** A Mat's bytes copied out of the WebAssembly heap. */
function bytes(mat: CvMat): Uint8Array {
  return new Uint8Array(mat.data);
}

function oddAtLeast(value: number, minimum: number): number {
  const rounded = Math.max(minimum, Math.round(value));
  return rounded % 2 === 1 ? rounded : rounded + 1;
}

function byte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}
