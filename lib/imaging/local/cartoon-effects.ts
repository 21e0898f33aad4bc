// The cartoon looks' effects that work on whole frames through OpenCV or by pixel position: bloom,
// blurs, local contrast, clay's pillow shading, printed halftone and watercolour's pooled edges.
// The simpler colour adjustments they build on are the engine's shared pixel helpers (pixels.ts).
import "server-only";
import { bytesFromMat, gaussianBlur, matFromRgb, type MatScope } from "./opencv";
import { clampByte, luma } from "./pixels";

/** A frame being stylised, as packed RGB. */
export interface Frame {
  rgb: Uint8Array;
  width: number;
  height: number;
  /** The image's longest side in thousands of pixels (at least 0.5): scales line widths and blurs. */
  unit: number;
}

/** Adds a blurred copy of the brightest areas back onto the image, the way light blooms on film. */
export function bloom(scope: MatScope, rgb: Uint8Array, frame: Frame, options: { threshold: number; sigma: number; strength: number }): Uint8Array {
  const bright = new Uint8Array(rgb.length);
  const range = 255 - options.threshold;
  for (let p = 0; p < rgb.length; p += 3) {
    const brightness = luma(rgb[p] ?? 0, rgb[p + 1] ?? 0, rgb[p + 2] ?? 0);
    const weight = brightness <= options.threshold ? 0 : (brightness - options.threshold) / range;
    bright[p] = clampByte((rgb[p] ?? 0) * weight);
    bright[p + 1] = clampByte((rgb[p + 1] ?? 0) * weight);
    bright[p + 2] = clampByte((rgb[p + 2] ?? 0) * weight);
  }
  const glow = blurBytes(scope, bright, frame, options.sigma);
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p++) {
    // Screen blending: glow brightens without clipping flat areas to white.
    const base = (rgb[p] ?? 0) / 255;
    const light = ((glow[p] ?? 0) / 255) * options.strength;
    out[p] = clampByte(255 * (1 - (1 - base) * (1 - light)));
  }
  return out;
}

export function blurBytes(scope: MatScope, rgb: Uint8Array, frame: Frame, sigma: number): Uint8Array {
  return bytesFromMat(gaussianBlur(scope, matFromRgb(scope, rgb, frame.width, frame.height), Math.max(0.5, sigma)));
}

export function medianBytes(scope: MatScope, rgb: Uint8Array, frame: Frame, size: number): Uint8Array {
  const { cv } = scope;
  const mat = matFromRgb(scope, rgb, frame.width, frame.height);
  const filtered = scope.mat();
  cv.medianBlur(mat, filtered, size);
  return bytesFromMat(filtered);
}

/** Adds `amount` times the difference from a wide blur: bigger forms gain light and shadow. */
export function localContrast(scope: MatScope, rgb: Uint8Array, frame: Frame, options: { sigma: number; amount: number }): Uint8Array {
  const blurred = blurBytes(scope, rgb, frame, options.sigma);
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p++) out[p] = clampByte((rgb[p] ?? 0) + ((rgb[p] ?? 0) - (blurred[p] ?? 0)) * options.amount);
  return out;
}

/**
 * Lighting for clay lumps: every flat colour region is inflated into a pillow (its height rises
 * with the distance from the region's border, in a quarter-circle profile up to `radius`), lit from
 * the upper left, with occlusion in the creases between lumps and a faint waxy sheen.
 */
export function pillowShading(scope: MatScope, rgb: Uint8Array, frame: Frame, radius: number): { diffuse: Float32Array; specular: Float32Array } {
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
export function halftone(printed: Uint8Array, original: Uint8Array, frame: Frame): Uint8Array {
  const cell = Math.max(5, Math.round(7 * frame.unit));
  const out = new Uint8Array(printed);
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const i = y * frame.width + x;
      const p = i * 3;
      const brightness = luma(original[p] ?? 0, original[p + 1] ?? 0, original[p + 2] ?? 0);
      const darkness = 1 - brightness / 255;
      if (darkness < 0.12) continue;
      const u = (x + y) * Math.SQRT1_2;
      const v = (x - y) * Math.SQRT1_2;
      const du = (((u % cell) + cell) % cell) - cell / 2;
      const dv = (((v % cell) + cell) % cell) - cell / 2;
      const radius = cell * 0.55 * Math.sqrt(darkness);
      const coverage = Math.min(1, Math.max(0, radius - Math.hypot(du, dv) + 0.5));
      if (coverage === 0) continue;
      const shade = 1 - 0.32 * coverage;
      out[p] = clampByte((out[p] ?? 0) * shade);
      out[p + 1] = clampByte((out[p + 1] ?? 0) * shade);
      out[p + 2] = clampByte((out[p + 2] ?? 0) * shade);
    }
  }
  return out;
}

/**
 * How strongly pigment pools at each pixel (0–1): watercolour dries darker along the edges of a
 * wash, so the borders between flat regions get a soft dark rim.
 */
export function edgePooling(scope: MatScope, washes: Uint8Array, frame: Frame): Float32Array {
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

export function oddAtLeast(value: number, minimum: number): number {
  const rounded = Math.max(minimum, Math.round(value));
  return rounded % 2 === 1 ? rounded : rounded + 1;
}
