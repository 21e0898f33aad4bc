// Object removal without a network: fills the painted area of a photo from its surroundings, leaving
// every pixel outside the (slightly grown) mask untouched. A hole of any real width is filled with
// texture copied from the photo (the exemplar fill, fill-hole.ts); only a stroke a few pixels wide,
// where copied patches would not fit, is diffused in from its edges with OpenCV's Telea inpainting.
import "server-only";
import sharp from "sharp";
import { decodeRgba, encodePng, type RgbaPixels } from "../asset";
import { UnprocessableImageError } from "../errors";
import type { ImageAsset, MaskStyle, RemoveObjectInput } from "../types";
import { fillHole } from "./fill-hole";
import { bytesFromMat, gaussianBlur, matFromRgb, smoothNoise, withMats, type CvMat, type MatScope } from "./opencv";
import { clampByte } from "./pixels";

/**
 * Limits on what Telea works on at full resolution. Its cost grows with the hole's area times
 * radius², and OpenCV.js runs single-threaded on the request's event loop: on this 2-core machine a
 * 300 px-radius hole in a 12 MP photo took 2.4 s at full size. Beyond either limit the region
 * around the mask is inpainted on a reduced copy; the fill of a large hole is smooth anyway, so the
 * reduction costs no visible detail, while small blemishes keep full resolution.
 */
const REGION_BUDGET = 2_000_000;
const HOLE_BUDGET = 150_000;

export interface InpaintGeometry {
  /** How far the painted mask is grown, in pixels: brush strokes rarely cover an object's soft edge. */
  dilation: number;
  /** Telea's neighbourhood radius, in pixels at full resolution. */
  radius: number;
}

/**
 * Both distances scale with the photo so that a stroke painted at the same relative size behaves the
 * same on a thumbnail and a 12 MP photo (3 px for 512 px images, up to 12 px).
 */
export function inpaintGeometry(width: number, height: number): InpaintGeometry {
  const longest = Math.max(width, height);
  return {
    dilation: clamp(Math.round(longest / 170), 3, 12),
    radius: clamp(Math.round(longest / 170), 3, 12),
  };
}

export async function inpaintLocal(input: RemoveObjectInput, signal?: AbortSignal): Promise<ImageAsset> {
  const pixels = await decodeRgba(input.image);
  const painted = await readMask(input.mask, input.maskStyle, pixels.width, pixels.height);
  const box = paintedBounds(painted, pixels.width, pixels.height);
  if (!box) throw new UnprocessableImageError("The mask marks nothing to remove.");

  const geometry = inpaintGeometry(pixels.width, pixels.height);
  // Telea samples `radius` pixels beyond the hole; the extra context lets the smoothing below see
  // real surroundings too, and costs nothing outside the crop.
  const margin = geometry.dilation + geometry.radius * 4 + 8;
  const region = {
    x: Math.max(0, box.x0 - margin),
    y: Math.max(0, box.y0 - margin),
    width: Math.min(pixels.width, box.x1 + 1 + margin) - Math.max(0, box.x0 - margin),
    height: Math.min(pixels.height, box.y1 + 1 + margin) - Math.max(0, box.y0 - margin),
  };

  const grown = await withMats((scope) => growHole(scope, pixels, painted, region, geometry));
  // Thin strokes (a scratch, a wire) stay with diffusion: their width is mostly the grown margin.
  if (grown.deepest <= geometry.dilation + THIN_STROKE) {
    return encodePng(await withMats((scope) => fillRegion(scope, pixels, region, geometry, grown)));
  }
  const hole = new Uint8Array(pixels.width * pixels.height);
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) if (grown.holeBytes[y * region.width + x]) hole[(region.y + y) * pixels.width + region.x + x] = 1;
  }
  return encodePng(await fillHole(pixels, hole, { seed: input.seed ?? FILL_SEED, onProgress: input.onProgress, signal }));
}

/** How far below the grown mask's edge a stroke may reach and still count as a few pixels wide. */
const THIN_STROKE = 2;
/** The exemplar fill's seed when the operation records none: the same photo and mask, the same result. */
const FILL_SEED = 1;

interface GrownHole {
  /** 255 for every pixel of the region to fill (the painted mask grown by the dilation). */
  holeBytes: Uint8Array;
  /** 1 in a ring just outside the hole, where the photo's grain is measured. */
  ringBytes: Uint8Array;
  /** Each hole pixel's distance below the hole's edge. */
  depth: Float32Array;
  deepest: number;
  holePixels: number;
}

interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** 1 where the mask marks the object, 0 elsewhere, at the photo's size. */
async function readMask(mask: ImageAsset, style: MaskStyle, width: number, height: number): Promise<Uint8Array> {
  // Transparent parts of a mask were never painted, so they take the background colour of the style.
  const background = style === "black-on-white" ? "#ffffff" : "#000000";
  let grey: Buffer;
  let channels: number;
  try {
    const decoded = await sharp(mask.buffer, { animated: false })
      .rotate()
      .flatten({ background })
      .resize(width, height, { fit: "fill" })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    grey = decoded.data;
    channels = decoded.info.channels;
  } catch {
    throw new UnprocessableImageError("The mask is not an image that can be read.");
  }
  const painted = new Uint8Array(width * height);
  const paintedIsDark = style === "black-on-white";
  for (let i = 0; i < painted.length; i++) {
    const value = grey[i * channels] ?? 0;
    painted[i] = (paintedIsDark ? value < 128 : value >= 128) ? 1 : 0;
  }
  return painted;
}

function paintedBounds(painted: Uint8Array, width: number, height: number) {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (!painted[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

function growHole(scope: MatScope, pixels: RgbaPixels, painted: Uint8Array, region: Region, geometry: InpaintGeometry): GrownHole {
  const { cv } = scope;
  const { width: rw, height: rh } = region;
  const unpaintedBytes = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) unpaintedBytes[y * rw + x] = painted[(region.y + y) * pixels.width + region.x + x] ? 0 : 255;
  }

  // Growing the mask by thresholding a distance map instead of dilating with a disc: a 25 px disc
  // dilation took 2.3 s on a 12 MP region, the distance transform 0.2 s.
  const unpainted = scope.keep(new cv.Mat(rh, rw, cv.CV_8UC1));
  unpainted.data.set(unpaintedBytes);
  const fromObject = scope.mat();
  cv.distanceTransform(unpainted, fromObject, cv.DIST_L2, cv.DIST_MASK_PRECISE);
  const distance = fromObject.data32F;
  const holeBytes = new Uint8Array(rw * rh);
  const ringBytes = new Uint8Array(rw * rh);
  let holePixels = 0;
  for (let i = 0; i < holeBytes.length; i++) {
    const d = distance[i] ?? 0;
    if (d <= geometry.dilation) {
      holeBytes[i] = 255;
      holePixels++;
    } else if (d <= geometry.dilation * 3) {
      ringBytes[i] = 1;
    }
  }
  if (holePixels === pixels.width * pixels.height) {
    throw new UnprocessableImageError("The mask covers the whole image, so there is nothing left to fill it from.");
  }
  const hole = scope.keep(new cv.Mat(rh, rw, cv.CV_8UC1));
  hole.data.set(holeBytes);

  // Depth of every hole pixel below the hole's edge: drives the smoothing and the grain.
  const depthMat = scope.mat();
  cv.distanceTransform(hole, depthMat, cv.DIST_L2, cv.DIST_MASK_PRECISE);
  const depth = new Float32Array(depthMat.data32F);
  let deepest = 0;
  for (const d of depth) if (d > deepest) deepest = d;
  return { holeBytes, ringBytes, depth, deepest, holePixels };
}

function fillRegion(scope: MatScope, pixels: RgbaPixels, region: Region, geometry: InpaintGeometry, grown: GrownHole): RgbaPixels {
  const { cv } = scope;
  const { width: rw, height: rh } = region;
  const { holeBytes, ringBytes, depth, deepest, holePixels } = grown;
  const crop = cropRegion(pixels, region);
  const hole = scope.keep(new cv.Mat(rh, rw, cv.CV_8UC1));
  hole.data.set(holeBytes);

  const rgb = matFromRgb(scope, crop.rgb, rw, rh);
  const scale = Math.min(1, Math.sqrt(REGION_BUDGET / (rw * rh)), Math.sqrt(HOLE_BUDGET / holePixels));
  const filled = bytesFromMat(inpaintAtScale(scope, rgb, hole, scale, geometry.radius, deepest));
  const filledAlpha = crop.opaque ? null : inpaintAlpha(scope, crop.alpha, hole, scale, geometry.radius);
  const grain = grainField(scope, rgb, ringBytes, region);

  const output = Buffer.from(pixels.data);
  // Grain fades in with depth so the seam, where Telea matches the surroundings exactly, stays clean.
  const grainRamp = Math.max(2, geometry.dilation * 2);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const i = y * rw + x;
      if (!holeBytes[i]) continue;
      const o = ((region.y + y) * pixels.width + region.x + x) * 4;
      const noise = grain ? (grain[i] ?? 0) * Math.min(1, (depth[i] ?? 0) / grainRamp) : 0;
      output[o] = clampByte((filled[i * 3] ?? 0) + noise);
      output[o + 1] = clampByte((filled[i * 3 + 1] ?? 0) + noise);
      output[o + 2] = clampByte((filled[i * 3 + 2] ?? 0) + noise);
      output[o + 3] = filledAlpha ? (filledAlpha[i] ?? 255) : 255;
    }
  }
  return { data: output, width: pixels.width, height: pixels.height };
}

/** The region's RGB bytes and its alpha, copied out of the full photo. */
function cropRegion(pixels: RgbaPixels, region: Region) {
  const { width: rw, height: rh } = region;
  const rgb = new Uint8Array(rw * rh * 3);
  const alpha = new Uint8Array(rw * rh);
  let opaque = true;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const source = (region.y + y) * pixels.width + region.x + x;
      const i = y * rw + x;
      rgb[i * 3] = pixels.data[source * 4] ?? 0;
      rgb[i * 3 + 1] = pixels.data[source * 4 + 1] ?? 0;
      rgb[i * 3 + 2] = pixels.data[source * 4 + 2] ?? 0;
      const a = pixels.data[source * 4 + 3] ?? 255;
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
  }
  return { rgb, alpha, opaque };
}

/**
 * Telea inpainting, then a blend towards a blurred copy that grows with depth into the hole: Telea
 * alone streaks the middle of a large hole into a star of smeared rays, while its values at the
 * edge already continue the surroundings seamlessly.
 */
function inpaintAtScale(scope: MatScope, rgb: CvMat, hole: CvMat, scale: number, radius: number, deepest: number): CvMat {
  const { cv } = scope;
  let source = rgb;
  let workHole = hole;
  if (scale < 1) {
    const size = { width: Math.max(1, Math.round(rgb.cols * scale)), height: Math.max(1, Math.round(rgb.rows * scale)) };
    source = scope.mat();
    cv.resize(rgb, source, size, 0, 0, cv.INTER_AREA);
    workHole = scope.mat();
    cv.resize(hole, workHole, size, 0, 0, cv.INTER_AREA);
    // Any hole pixel touching a reduced pixel makes it a hole pixel, so no object colour leaks in.
    cv.threshold(workHole, workHole, 0, 255, cv.THRESH_BINARY);
  }
  const workRadius = Math.max(3, Math.round(radius * scale));
  const telea = scope.mat();
  cv.inpaint(source, workHole, telea, workRadius, cv.INPAINT_TELEA);

  const workDeepest = deepest * scale;
  const smoothed = gaussianBlur(scope, telea, Math.max(1.5, workDeepest / 3));
  const depthMat = scope.mat();
  cv.distanceTransform(workHole, depthMat, cv.DIST_L2, 3);
  const depth = depthMat.data32F;
  const ramp = Math.max(2, workDeepest / 2);
  const blended = telea.data;
  const blurred = smoothed.data;
  for (let i = 0; i < depth.length; i++) {
    const d = depth[i] ?? 0;
    if (d === 0) continue;
    const t = Math.min(1, d / ramp);
    const weight = t * t * (3 - 2 * t);
    for (let c = i * 3; c < i * 3 + 3; c++) blended[c] = Math.round((blended[c] ?? 0) * (1 - weight) + (blurred[c] ?? 0) * weight);
  }
  if (scale === 1) return telea;
  const upscaled = scope.mat();
  cv.resize(telea, upscaled, { width: rgb.cols, height: rgb.rows }, 0, 0, cv.INTER_CUBIC);
  return upscaled;
}

/** A translucent photo's alpha inside the hole, continued from its surroundings like the colour. */
function inpaintAlpha(scope: MatScope, alpha: Uint8Array, hole: CvMat, scale: number, radius: number): Uint8Array {
  const { cv } = scope;
  const width = hole.cols;
  const height = hole.rows;
  const alphaMat = scope.keep(new cv.Mat(height, width, cv.CV_8UC1));
  alphaMat.data.set(alpha);
  let source = alphaMat;
  let workHole = hole;
  if (scale < 1) {
    const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    source = scope.mat();
    cv.resize(alphaMat, source, size, 0, 0, cv.INTER_AREA);
    workHole = scope.mat();
    cv.resize(hole, workHole, size, 0, 0, cv.INTER_AREA);
    cv.threshold(workHole, workHole, 0, 255, cv.THRESH_BINARY);
  }
  const filled = scope.mat();
  cv.inpaint(source, workHole, filled, Math.max(3, Math.round(radius * scale)), cv.INPAINT_TELEA);
  if (scale === 1) return new Uint8Array(filled.data);
  const upscaled = scope.mat();
  cv.resize(filled, upscaled, { width, height }, 0, 0, cv.INTER_LINEAR);
  return new Uint8Array(upscaled.data);
}

/**
 * Luminance grain for the region, as strong as the fine detail in a ring just outside the hole, so
 * the smooth fill does not read as a smudge in a textured photo; null when the surroundings are flat.
 */
function grainField(scope: MatScope, rgb: CvMat, ring: Uint8Array, region: Region): Float32Array | null {
  const strength = surroundingGrain(scope, rgb, ring);
  if (strength < 0.5) return null;
  // Photo grain spans a few pixels; per-pixel white noise would look like sensor speckle.
  const field = smoothNoise(scope, region.width, region.height, 0.9, 0, region.x, region.y);
  for (let i = 0; i < field.length; i++) field[i] = (field[i] ?? 0) * strength;
  return field;
}

/**
 * Robust spread (median absolute deviation) of fine luminance detail in the ring around the hole: a
 * plain standard deviation would mostly measure the hard edges the ring crosses, not the grain.
 */
function surroundingGrain(scope: MatScope, rgb: CvMat, ring: Uint8Array): number {
  const { cv } = scope;
  const grey = scope.mat();
  cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY);
  const blurred = scope.mat();
  cv.GaussianBlur(grey, blurred, { width: 0, height: 0 }, 1.5);
  const g = grey.data;
  const b = blurred.data;
  const histogram = new Uint32Array(256);
  let count = 0;
  for (let i = 0; i < ring.length; i++) {
    if (!ring[i]) continue;
    histogram[Math.abs((g[i] ?? 0) - (b[i] ?? 0))]! += 1;
    count++;
  }
  if (count === 0) return 0;
  let seen = 0;
  let median = 0;
  while (median < 255 && seen + (histogram[median] ?? 0) < count / 2) seen += histogram[median++] ?? 0;
  // 1.4826 turns a MAD into a standard deviation for normal noise; the cap keeps busy textures from
  // filling the hole with visible noise.
  return Math.min(5, median * 1.4826);
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
