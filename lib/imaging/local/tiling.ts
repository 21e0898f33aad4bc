// Upscaling a picture of any size in overlapping tiles, so a model's memory depends on the tile and not
// on the picture. Each tile's result is weighted by a ramp that is zero at its inner edges (where a
// convolutional model sees padding instead of neighbours and goes wrong) and rises to one inside;
// every output pixel is the weighted mean of the tiles covering it. The weights are continuous, so
// no tile border can show as a seam. Rows of tiles are blended in a band just taller than one tile,
// flushed to the output as soon as no later tile can touch them.

/** Pixels with three channels (RGB), row by row. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Upscales one tile by the tiling's scale; its result must be exactly scale × the tile's size. */
export type TileScaler = (tile: RgbImage) => Promise<RgbImage>;

export interface TilingOptions {
  scale: number;
  /** Tile side in input pixels. */
  tileSize: number;
  /** The least overlap of neighbouring tiles, in input pixels. */
  overlap: number;
  signal?: AbortSignal;
  onTile?: (done: number, total: number) => void;
}

export interface AxisTiles {
  /** Where each tile starts, the first at 0 and the last flush with the far edge. */
  starts: number[];
  /** Every tile's length along the axis, at most the tile size. */
  size: number;
}

/**
 * The fewest tiles that cover an axis with at least `overlap` between neighbours, made only as long
 * as they need to be and spread evenly: a picture just over one tile wide costs two short tiles, not
 * two full ones overlapping by most of their width.
 */
export function axisTiles(length: number, tileSize: number, overlap: number): AxisTiles {
  if (length <= tileSize) return { starts: [0], size: length };
  const count = Math.ceil((length - overlap) / (tileSize - overlap));
  // size − overlap is a whole number at least the step, so rounded starts never eat into the overlap.
  const size = Math.ceil((length + (count - 1) * overlap) / count);
  const step = (length - size) / (count - 1);
  return { starts: Array.from({ length: count }, (_, index) => Math.round(index * step)), size };
}

/**
 * The weight of each output position along one axis of a tile covering [start, end) of `length`
 * input pixels. At an edge shared with a neighbour the first quarter of the overlap counts nothing
 * and the next half ramps up; at the picture's own edges the tile is all there is, so it counts fully.
 */
export function axisWeights(start: number, end: number, length: number, scale: number, overlap: number): Float32Array {
  const size = (end - start) * scale;
  const margin = (overlap * scale) / 4;
  const ramp = Math.max(1, (overlap * scale) / 2);
  const weights = new Float32Array(size);
  for (let i = 0; i < size; i += 1) {
    const fromStart = start > 0 ? i + 0.5 : Infinity;
    const fromEnd = end < length ? size - i - 0.5 : Infinity;
    weights[i] = Math.min(1, Math.max(0, (Math.min(fromStart, fromEnd) - margin) / ramp));
  }
  return weights;
}

function cropRgb(image: RgbImage, left: number, top: number, width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    const from = ((top + y) * image.width + left) * 3;
    data.set(image.data.subarray(from, from + width * 3), y * width * 3);
  }
  return { data, width, height };
}

export async function upscaleTiled(image: RgbImage, scaleTile: TileScaler, options: TilingOptions): Promise<RgbImage> {
  const { scale, tileSize, overlap } = options;
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`Unsupported scale ${scale}`);
  if (overlap < 0 || overlap >= tileSize) throw new Error("The overlap must be smaller than the tile");
  const outWidth = image.width * scale;
  const outHeight = image.height * scale;
  const { starts: xs, size: tileWidth } = axisTiles(image.width, tileSize, overlap);
  const { starts: ys, size: tileHeight } = axisTiles(image.height, tileSize, overlap);
  const columnWeights = xs.map((x) => axisWeights(x, x + tileWidth, image.width, scale, overlap));
  const bandRows = tileHeight * scale;
  const sums = new Float32Array(bandRows * outWidth * 3);
  const weights = new Float32Array(bandRows * outWidth);
  const output = new Uint8Array(outWidth * outHeight * 3);
  const total = xs.length * ys.length;
  let done = 0;
  let bandTop = 0;

  /** Writes the band's first `rows` rows to the output and moves the rest up. */
  const flush = (rows: number) => {
    for (let row = 0; row < rows; row += 1) {
      const target = (bandTop + row) * outWidth;
      for (let x = 0; x < outWidth; x += 1) {
        const weight = weights[row * outWidth + x] || 1;
        for (let c = 0; c < 3; c += 1) {
          output[(target + x) * 3 + c] = Math.min(255, Math.max(0, Math.round(sums[(row * outWidth + x) * 3 + c]! / weight)));
        }
      }
    }
    sums.copyWithin(0, rows * outWidth * 3);
    sums.fill(0, (bandRows - rows) * outWidth * 3);
    weights.copyWithin(0, rows * outWidth);
    weights.fill(0, (bandRows - rows) * outWidth);
    bandTop += rows;
  };

  for (const [row, y] of ys.entries()) {
    if (row > 0) flush(y * scale - bandTop);
    const rowWeights = axisWeights(y, y + tileHeight, image.height, scale, overlap);
    const offset = y * scale - bandTop;
    for (const [column, x] of xs.entries()) {
      options.signal?.throwIfAborted();
      const result = await scaleTile(cropRgb(image, x, y, tileWidth, tileHeight));
      if (result.width !== tileWidth * scale || result.height !== tileHeight * scale) {
        throw new Error(`A ${tileWidth}×${tileHeight} tile came back ${result.width}×${result.height}, not ×${scale}`);
      }
      const across = columnWeights[column]!;
      for (let ty = 0; ty < result.height; ty += 1) {
        const rowWeight = rowWeights[ty]!;
        if (rowWeight === 0) continue;
        const bandRow = (offset + ty) * outWidth + x * scale;
        for (let tx = 0; tx < result.width; tx += 1) {
          const weight = rowWeight * across[tx]!;
          if (weight === 0) continue;
          const source = (ty * result.width + tx) * 3;
          const target = bandRow + tx;
          weights[target]! += weight;
          sums[target * 3]! += result.data[source]! * weight;
          sums[target * 3 + 1]! += result.data[source + 1]! * weight;
          sums[target * 3 + 2]! += result.data[source + 2]! * weight;
        }
      }
      done += 1;
      options.onTile?.(done, total);
    }
  }
  flush(outHeight - bandTop);
  return { data: output, width: outWidth, height: outHeight };
}
