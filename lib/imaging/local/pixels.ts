// The local engine's pixel helpers, written once: byte clamping and brightness, splitting and joining
// RGBA buffers, colour adjustments on packed RGB, bilinear resizing, window means and the box around
// what a mask holds.
// Every engine step that walks pixels by hand (cartoon looks, background cut-outs, upscaling, the
// fill) takes them from here instead of keeping its own copy.

/** A colour as red, green and blue bytes. */
export type Colour = readonly [number, number, number];

/** A number rounded to the nearest byte value and held to 0–255. */
export function clampByte(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}

/** Perceived brightness of a colour (ITU-R BT.601 weights, as YCbCr and OpenCV's grey use). */
export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/** The colour (3 bytes a pixel) and the alpha (1 byte a pixel) of `count` RGBA pixels, apart. */
export function splitRgba(rgba: Uint8Array, count: number): { rgb: Uint8Array; alpha: Uint8Array } {
  const rgb = new Uint8Array(count * 3);
  const alpha = new Uint8Array(count);
  for (let i = 0; i < count; i += 1) {
    rgb[i * 3] = rgba[i * 4] ?? 0;
    rgb[i * 3 + 1] = rgba[i * 4 + 1] ?? 0;
    rgb[i * 3 + 2] = rgba[i * 4 + 2] ?? 0;
    alpha[i] = rgba[i * 4 + 3] ?? 0;
  }
  return { rgb, alpha };
}

/** A copy of RGBA pixels with their colour replaced by `rgb`; the alpha stays as it was. */
export function withColour(rgba: Uint8Array, rgb: Uint8Array): Buffer {
  const output = Buffer.from(rgba);
  for (let i = 0, p = 0; p < rgb.length; i += 4, p += 3) {
    output[i] = rgb[p] ?? 0;
    output[i + 1] = rgb[p + 1] ?? 0;
    output[i + 2] = rgb[p + 2] ?? 0;
  }
  return output;
}

/** Mixes two packed images byte by byte: 0 gives `a`, 1 gives `b`. */
export function mix(a: Uint8Array, b: Uint8Array, weightOfB: number): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let p = 0; p < a.length; p++) out[p] = clampByte((a[p] ?? 0) * (1 - weightOfB) + (b[p] ?? 0) * weightOfB);
  return out;
}

/** Paints `colour` at `opacity` over every RGB pixel that `mask` marks (non-zero). */
export function paintMask(rgb: Uint8Array, mask: Uint8Array, colour: Colour, opacity: number): Uint8Array {
  const out = new Uint8Array(rgb);
  for (let i = 0, p = 0; i < mask.length; i++, p += 3) {
    if (!mask[i]) continue;
    out[p] = clampByte((rgb[p] ?? 0) * (1 - opacity) + colour[0] * opacity);
    out[p + 1] = clampByte((rgb[p + 1] ?? 0) * (1 - opacity) + colour[1] * opacity);
    out[p + 2] = clampByte((rgb[p + 2] ?? 0) * (1 - opacity) + colour[2] * opacity);
  }
  return out;
}

/** Scales each RGB pixel's distance from its grey by `amount` (above 1 saturates, below 1 mutes). */
export function saturate(rgb: Uint8Array, amount: number): Uint8Array {
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p += 3) {
    const r = rgb[p] ?? 0;
    const g = rgb[p + 1] ?? 0;
    const b = rgb[p + 2] ?? 0;
    const grey = luma(r, g, b);
    out[p] = clampByte(grey + (r - grey) * amount);
    out[p + 1] = clampByte(grey + (g - grey) * amount);
    out[p + 2] = clampByte(grey + (b - grey) * amount);
  }
  return out;
}

export interface ToneOptions {
  /** Below 1 brightens the mid-tones. */
  gamma?: number;
  /** Raises the black point, as a matte print or a sunlit haze does. */
  lift?: number;
  /** Pushes red up and blue down by this many levels. */
  warmth?: number;
  /** Contrast around mid-grey. */
  contrast?: number;
}

/** Applies one tone curve per channel to packed RGB, through 256-entry tables. */
export function tone(rgb: Uint8Array, options: ToneOptions): Uint8Array {
  const { gamma = 1, lift = 0, warmth = 0, contrast = 1 } = options;
  const curves = [0, 1, 2].map((channel) => {
    const shift = channel === 0 ? warmth : channel === 2 ? -warmth : warmth * 0.3;
    const curve = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      const gammaCorrected = 255 * Math.pow(v / 255, gamma);
      const contrasted = 128 + (gammaCorrected - 128) * contrast;
      curve[v] = clampByte(lift + contrasted * (1 - lift / 255) + shift);
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

/** Stretches the levels of packed RGB so that the 1st and 99th percentiles of brightness span the full range. */
export function stretch(rgb: Uint8Array): Uint8Array {
  const histogram = new Uint32Array(256);
  for (let p = 0; p < rgb.length; p += 3) histogram[Math.round(luma(rgb[p] ?? 0, rgb[p + 1] ?? 0, rgb[p + 2] ?? 0))]! += 1;
  const total = rgb.length / 3;
  let low = 0;
  let high = 255;
  for (let seen = 0; low < 255 && seen + (histogram[low] ?? 0) < total * 0.01; low++) seen += histogram[low] ?? 0;
  for (let seen = 0; high > 0 && seen + (histogram[high] ?? 0) < total * 0.01; high--) seen += histogram[high] ?? 0;
  if (high - low < 32) return rgb;
  const out = new Uint8Array(rgb.length);
  for (let p = 0; p < rgb.length; p++) out[p] = clampByte((((rgb[p] ?? 0) - low) * 255) / (high - low));
  return out;
}

/** Darkens packed RGB towards the corners, as a render's soft ambient occlusion and lens falloff do. */
export function vignette(rgb: Uint8Array, width: number, height: number, strength: number): Uint8Array {
  const out = new Uint8Array(rgb.length);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const distance = ((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2;
      const factor = 1 - strength * Math.min(1, distance / 2) ** 1.5;
      const p = (y * width + x) * 3;
      out[p] = clampByte((rgb[p] ?? 0) * factor);
      out[p + 1] = clampByte((rgb[p + 1] ?? 0) * factor);
      out[p + 2] = clampByte((rgb[p + 2] ?? 0) * factor);
    }
  }
  return out;
}

/** Source positions for bilinear resampling along one axis: the pixels either side and the weight of the far one. */
function samplingAxis(source: number, target: number): { low: Int32Array; high: Int32Array; fraction: Float64Array } {
  const scale = source / target;
  const low = new Int32Array(target);
  const high = new Int32Array(target);
  const fraction = new Float64Array(target);
  for (let i = 0; i < target; i += 1) {
    const position = i * scale;
    low[i] = Math.max(Math.floor(position), 0);
    high[i] = Math.min(Math.ceil(position), source - 1);
    fraction[i] = position - (low[i] ?? 0);
  }
  return { low, high, fraction };
}

/**
 * One channel of an interleaved 8-bit image resized bilinearly to `width` × `height`, rounded to
 * bytes. Sample positions are `i × source / target`, with no half-pixel shift: the background
 * model's library samples this way, and its model must see exactly what the library would give it.
 */
export function resizeBilinear(
  data: Uint8Array,
  source: { width: number; height: number; channels: number; channel: number },
  width: number,
  height: number,
): Uint8Array {
  const { channels, channel } = source;
  const xs = samplingAxis(source.width, width);
  const ys = samplingAxis(source.height, height);
  const resized = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const dy = ys.fraction[y] ?? 0;
    const row1 = (ys.low[y] ?? 0) * source.width;
    const row2 = (ys.high[y] ?? 0) * source.width;
    for (let x = 0; x < width; x += 1) {
      const dx = xs.fraction[x] ?? 0;
      const x1 = xs.low[x] ?? 0;
      const x2 = xs.high[x] ?? 0;
      resized[y * width + x] = Math.round(
        (1 - dx) * (1 - dy) * (data[(row1 + x1) * channels + channel] ?? 0) +
          dx * (1 - dy) * (data[(row1 + x2) * channels + channel] ?? 0) +
          (1 - dx) * dy * (data[(row2 + x1) * channels + channel] ?? 0) +
          dx * dy * (data[(row2 + x2) * channels + channel] ?? 0),
      );
    }
  }
  return resized;
}

/**
 * The mean of a plane over a (2r+1)² window around each pixel, counting only the pixels inside the
 * image. Running sums make it constant time per pixel; both passes run row by row for the cache.
 */
export function windowMean(source: Float32Array, width: number, height: number, radius: number): Float32Array {
  const horizontal = new Float32Array(source.length);
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x < Math.min(radius, width); x += 1) sum += source[row + x] ?? 0;
    for (let x = 0; x < width; x += 1) {
      if (x + radius < width) sum += source[row + x + radius] ?? 0;
      if (x - radius - 1 >= 0) sum -= source[row + x - radius - 1] ?? 0;
      horizontal[row + x] = sum / (Math.min(width - 1, x + radius) - Math.max(0, x - radius) + 1);
    }
  }
  const result = new Float32Array(source.length);
  const columns = new Float64Array(width);
  for (let y = 0; y < Math.min(radius, height); y += 1) {
    for (let x = 0; x < width; x += 1) columns[x] = (columns[x] ?? 0) + (horizontal[y * width + x] ?? 0);
  }
  for (let y = 0; y < height; y += 1) {
    const entering = y + radius < height ? (y + radius) * width : -1;
    const leaving = y - radius - 1 >= 0 ? (y - radius - 1) * width : -1;
    const count = Math.min(height - 1, y + radius) - Math.max(0, y - radius) + 1;
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      let sum = columns[x] ?? 0;
      if (entering >= 0) sum += horizontal[entering + x] ?? 0;
      if (leaving >= 0) sum -= horizontal[leaving + x] ?? 0;
      columns[x] = sum;
      result[row + x] = sum / count;
    }
  }
  return result;
}

/**
 * The mean of `values` over the counted pixels of a square window around each pixel (a masked
 * window mean, by summed-area tables): the fill compares texture and light around a hole with it.
 */
export function boxMean(values: Float32Array, counted: Float32Array, width: number, height: number, radius: number): Float32Array {
  const sumTable = new Float64Array((width + 1) * (height + 1));
  const countTable = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    let rowCount = 0;
    for (let x = 0; x < width; x += 1) {
      rowSum += values[y * width + x]!;
      rowCount += counted[y * width + x]!;
      const at = (y + 1) * (width + 1) + x + 1;
      sumTable[at] = sumTable[at - width - 1]! + rowSum;
      countTable[at] = countTable[at - width - 1]! + rowCount;
    }
  }
  const mean = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const a = y1 * (width + 1) + x1;
      const b = y0 * (width + 1) + x1;
      const c = y1 * (width + 1) + x0;
      const d = y0 * (width + 1) + x0;
      const count = countTable[a]! - countTable[b]! - countTable[c]! + countTable[d]!;
      mean[y * width + x] = count > 0 ? (sumTable[a]! - sumTable[b]! - sumTable[c]! + sumTable[d]!) / count : 0;
    }
  }
  return mean;
}

/** A mask (non-zero marks a pixel) grown by `radius` pixels in every direction, a square at a time; 1 marks the result. */
export function dilateSquare(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  // Separable: rows, then columns.
  const rows = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) dilateLine(mask, rows, y * width, 1, width, radius);
  const grown = new Uint8Array(width * height);
  for (let x = 0; x < width; x += 1) dilateLine(rows, grown, x, width, height, radius);
  return grown;
}

/**
 * Marks in `out` each of `count` places of one line (from `start`, `step` apart) that lies within
 * `radius` of a marked place of `mask`, by the distance to the nearest one on either side.
 */
function dilateLine(mask: Uint8Array, out: Uint8Array, start: number, step: number, count: number, radius: number): void {
  let last = -Infinity;
  for (let k = 0; k < count; k += 1) {
    if (mask[start + k * step]) last = k;
    if (k - last <= radius) out[start + k * step] = 1;
  }
  last = Infinity;
  for (let k = count - 1; k >= 0; k -= 1) {
    if (mask[start + k * step]) last = k;
    if (last - k <= radius) out[start + k * step] = 1;
  }
}

/** Inclusive corners of the smallest box holding every pixel for which `inside(index)` holds, or null when none does. */
export function pixelBounds(width: number, height: number, inside: (index: number) => boolean): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!inside(y * width + x)) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}
