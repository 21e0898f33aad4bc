// Turns brush strokes painted over an on-screen image into the removal mask at the image's own
// resolution (spec §9): black on white for Object removal, white on black for Flux removal. Pure
// (no DOM): the browser hands the pixels to a canvas with putImageData, and tests read them directly.
import type { MaskStyle } from "@/lib/imaging/types";
import { growSelection, selectionGrowth, type SelectionMask } from "./selection";
import type { Point, Size, Stroke } from "./shapes";

export type { MaskStyle, Point, Size, Stroke };

export interface Scale {
  x: number;
  y: number;
}

export function displayToImageScale(display: Size, image: Size): Scale {
  if (display.width <= 0 || display.height <= 0) return { x: 1, y: 1 };
  return { x: image.width / display.width, y: image.height / display.height };
}

export function toImagePoint(point: Point, display: Size, image: Size): Point {
  const scale = displayToImageScale(display, image);
  return { x: point.x * scale.x, y: point.y * scale.y };
}

/**
 * The brush diameter in image pixels. The spec's pairing of 20 px on screen with 100 px in the mask
 * is what a photo shown at a fifth of its size gives; scaling by the real ratio keeps the mask on
 * exactly what the user covered whatever the photo's and the screen's sizes.
 */
export function imageBrushWidth(width: number, display: Size, image: Size): number {
  const scale = displayToImageScale(display, image);
  return Math.max(1, width * ((scale.x + scale.y) / 2));
}

/** A stroke moved into image coordinates, with its brush width scaled alike. */
export function strokeToImage(stroke: Stroke, image: Size): Stroke {
  return {
    points: stroke.points.map((point) => toImagePoint(point, stroke.display, image)),
    width: imageBrushWidth(stroke.width, stroke.display, image),
    display: image,
  };
}

/** A stroke redrawn on a display of another size (the same image shown larger or smaller). */
export function strokeToDisplay(stroke: Stroke, display: Size): Stroke {
  return strokeToImage(stroke, display);
}

function distanceSquaredToSegment(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / lengthSquared));
  const cx = a.x + t * dx - px;
  const cy = a.y + t * dy - py;
  return cx * cx + cy * cy;
}

/** Marks every pixel whose centre lies within `radius` of segment a–b (a capsule; a circle when a = b). */
function fillCapsule(coverage: Uint8Array, size: Size, a: Point, b: Point, radius: number): void {
  const left = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius));
  const right = Math.min(size.width - 1, Math.ceil(Math.max(a.x, b.x) + radius));
  const top = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius));
  const bottom = Math.min(size.height - 1, Math.ceil(Math.max(a.y, b.y) + radius));
  const limit = radius * radius;
  for (let y = top; y <= bottom; y += 1) {
    const row = y * size.width;
    for (let x = left; x <= right; x += 1) {
      if (coverage[row + x] === 0 && distanceSquaredToSegment(x + 0.5, y + 0.5, a, b) <= limit) coverage[row + x] = 1;
    }
  }
}

/** One byte per image pixel: 1 where a stroke covers it, 0 elsewhere. */
export function rasterizeStrokes(strokes: Stroke[], image: Size): Uint8Array {
  const width = Math.max(0, Math.round(image.width));
  const height = Math.max(0, Math.round(image.height));
  const size = { width, height };
  const coverage = new Uint8Array(width * height);
  for (const stroke of strokes) {
    const scaled = strokeToImage(stroke, size);
    const radius = scaled.width / 2;
    let previous: Point | undefined;
    for (const point of scaled.points) {
      fillCapsule(coverage, size, previous ?? point, point, radius);
      previous = point;
    }
  }
  return coverage;
}

/** The colours of a mask: what marks the object, and the rest. */
export function maskColours(style: MaskStyle): { marked: number; background: number } {
  return style === "black-on-white" ? { marked: 0, background: 255 } : { marked: 255, background: 0 };
}

export interface MaskPixels {
  width: number;
  height: number;
  /** RGBA, opaque, ready for `new ImageData(data, width, height)`. */
  data: Uint8ClampedArray<ArrayBuffer>;
}

/** Adds a tap selection, grown a little (see selection.ts), to the painted coverage. */
function addSelection(coverage: Uint8Array, size: Size, selection: SelectionMask): void {
  const grown = growSelection(selection, selectionGrowth(size));
  const sameSize = grown.width === size.width && grown.height === size.height;
  for (let y = 0; y < size.height; y += 1) {
    // A selection made on another size of the same image is sampled at the nearest pixel.
    const sourceRow = sameSize ? y : Math.min(grown.height - 1, Math.floor((y * grown.height) / size.height));
    for (let x = 0; x < size.width; x += 1) {
      const sourceX = sameSize ? x : Math.min(grown.width - 1, Math.floor((x * grown.width) / size.width));
      if (grown.bits[sourceRow * grown.width + sourceX]) coverage[y * size.width + x] = 1;
    }
  }
}

/** The removal mask: the painted strokes plus, when there is one, the tap selection. */
export function renderMask(strokes: Stroke[], image: Size, style: MaskStyle, selection: SelectionMask | null = null): MaskPixels {
  const coverage = rasterizeStrokes(strokes, image);
  const width = Math.max(0, Math.round(image.width));
  const height = Math.max(0, Math.round(image.height));
  if (selection && selection.width > 0 && selection.height > 0) addSelection(coverage, { width, height }, selection);
  const { marked, background } = maskColours(style);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < coverage.length; index += 1) {
    const value = coverage[index] ? marked : background;
    const offset = index * 4;
    data[offset] = value;
    data[offset + 1] = value;
    data[offset + 2] = value;
    data[offset + 3] = 255;
  }
  return { width, height, data };
}

/** True when a mask pixel is marked for removal, read back in its own style. */
export function isMarked(mask: MaskPixels, x: number, y: number, style: MaskStyle): boolean {
  const value = mask.data[(Math.floor(y) * mask.width + Math.floor(x)) * 4];
  return value === maskColours(style).marked;
}

export function hasPaint(strokes: Stroke[]): boolean {
  return strokes.some((stroke) => stroke.points.length > 0);
}
