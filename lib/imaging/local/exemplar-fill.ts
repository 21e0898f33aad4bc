// Exemplar-based fill: a hole in a picture is filled with patches copied from the rest of it, so wood
// keeps its grain and fur its strands, where diffusion would smear the surroundings into a blot.
// Multi-scale PatchMatch (Barnes et al. 2009) finds, for every patch touching the hole, a similar
// patch wholly outside it; Wexler-style voting (Wexler et al. 2007) then sets each hole pixel to the
// mean of what the overlapping patches say it should be, weighted by how well each patch matched, so
// the copied pieces blend at their seams. Coarse levels settle the structure, fine levels the grain.
// The coarsest level starts from a structure-first guess (Criminisi et al. 2004's fill order: edges
// that run into the hole are carried across it before texture floods in), and the finished fill's
// light is matched to the hole's surroundings at the seam. Where strong edges cross the hole, a
// structure guide (fill-structure.ts: the edges joined across the hole along smooth curves, each
// side labelled with its region's colour) is matched as three more channels at every level, so a
// shadow's curved edge is continued where it really runs instead of straight on.
// Plain TypeScript over typed arrays: no native code, memory a few arrays of the region's size.

import { boxMean, dilateSquare } from "./pixels";
import { structureGuide } from "./fill-structure";
import { seededRandom } from "./seeded-random";

export interface FillImage {
  /** Interleaved channels, row by row. */
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface ExemplarFillOptions {
  /** The same seed, picture and hole give the same fill. */
  seed?: number;
  /** Half a patch's side: 3 makes 7×7 patches. */
  patchRadius?: number;
  /** Called as the work advances, with the share done (0–1). */
  onProgress?: (done: number) => void;
  signal?: AbortSignal;
}

interface Level {
  width: number;
  height: number;
  channels: number;
  pixels: Float32Array;
  /** 1 where the pixel is to be filled. */
  hole: Uint8Array;
  /**
   * How many of the last channels are the structure guide: set inside the hole too (where the
   * regions around it should continue), matched like the colour but never voted on.
   */
  fixed: number;
}

/** Below this the coarsest level would have too few whole patches outside the hole to copy from. */
const MIN_LEVEL_SIDE = 24;
/** The pyramid stops once the hole spans at most this many pixels at the coarsest level. */
const COARSE_HOLE_SPAN = 24;

export class NothingToFillFromError extends Error {
  constructor() {
    super("There is not enough of the picture outside the hole to fill it from.");
  }
}

/** Voting weights fall off with a match's difference over this quantile of all of them. */
const VOTE_QUANTILE = 0.25;
const SHARP_VOTE_QUANTILE = 0.05;

/**
 * The picture with its hole filled: a new array laid out like `image.data`, equal to it outside the
 * hole. `hole` has one byte per pixel, non-zero where the picture is to be filled.
 */
export async function exemplarFill(image: FillImage, hole: Uint8Array, options: ExemplarFillOptions = {}): Promise<Uint8Array> {
  const radius = options.patchRadius ?? 3;
  const random = seededRandom(options.seed ?? 1);
  const holeBits = Uint8Array.from(hole, (value) => (value ? 1 : 0));
  const guide = structureGuide(image.data, image.channels, image.width, image.height, holeBits);
  const fixed = guide ? GUIDE_CHANNELS : 0;
  const finest: Level = {
    width: image.width,
    height: image.height,
    channels: image.channels + TEXTURE_CHANNELS + fixed,
    pixels: withTextureFeatures(image, holeBits, guide?.colours ?? null),
    hole: holeBits,
    fixed,
  };
  const pyramid = buildPyramid(finest, radius);
  const work = workPlan(pyramid, radius);
  let done = 0;
  const report = (amount: number) => {
    done += amount;
    options.onProgress?.(Math.min(1, done / work.total));
  };

  let nnf: Int32Array | null = null;
  for (let index = pyramid.length - 1; index >= 0; index -= 1) {
    const level = pyramid[index]!;
    const field = new MatchField(level, radius, random);
    if (nnf === null) {
      initialiseCoarsest(level, radius, random);
      field.randomise();
    } else {
      field.upsample(nnf, pyramid[index + 1]!);
      field.vote(null);
    }
    const rounds = roundsAt(index, pyramid.length);
    // The finest level starts from good matches already: one pass a round, searching nearer by.
    const passes = index === 0 ? 1 : 2;
    const spanShare = index === 0 && pyramid.length > 1 ? 0.25 : 1;
    for (let round = 0; round < rounds; round += 1) {
      field.computeCosts();
      for (let pass = 0; pass < passes; pass += 1) {
        field.improve(round + pass, spanShare);
        await pause(options.signal);
      }
      // The last vote at full size trusts the best matches most, so averaging blurs the grain least.
      field.vote(index === 0 && round === rounds - 1 ? SHARP_VOTE_QUANTILE : VOTE_QUANTILE);
      report(work.perLevel[index]! / rounds);
    }
    nnf = field.nnf;
  }

  const output = Uint8Array.from(image.data);
  const filled = finest.pixels;
  matchSurroundings(filled, finest.channels, image, finest.hole);
  for (let i = 0; i < finest.hole.length; i += 1) {
    if (!finest.hole[i]) continue;
    for (let c = 0; c < image.channels; c += 1) {
      const value = filled[i * finest.channels + c]!;
      output[i * image.channels + c] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
    }
  }
  return output;
}

/** Seam samples the correction below interpolates between, at most: one per cell of a coarse grid. */
const SEAM_SAMPLES = 160;
/** Half the width, in pixels, of the stretch of seam whose jumps are averaged into one sample. */
const SEAM_SMOOTHING = 3;
/** How deep, in pixels, the bands on either side of the seam are whose means are compared. */
const SEAM_BAND = 3;
/**
 * Within this many pixels of the seam the correction applies in full; deeper, it fades as reach over
 * distance. What lies deep inside a hole is least like its edge (a highlight, the far side of a
 * shadow), so the copied patches' own colour is trusted more there.
 */
const SEAM_REACH = 8;

/**
 * Evens out what copying patches from elsewhere leaves: a fill whose light or colour differs from the
 * hole's surroundings (wood lit more brightly on one side, a shadow's depth). Where the fill meets the
 * photo, the jump across the seam is measured, averaged along short stretches of the seam so the
 * grain does not count, and a smooth correction that takes each stretch's jump away at the seam and
 * blends between them inside (inverse-distance weighting, in the spirit of the membrane of Farbman et
 * al. 2009, "Coordinates for instant image cloning") is added to the fill, fading with depth. The
 * correction is smooth, so it leaves the copied texture and edges as they are and moves only the
 * fill's local mean.
 */
function matchSurroundings(filled: Float32Array, stride: number, image: FillImage, hole: Uint8Array): void {
  const { width, height, channels, data } = image;
  // The seam: hole pixels with a known 4-neighbour. Across it, a band a few pixels deep on each side:
  // the jump is the mean of the photo's band minus the mean of the fill's band near each seam pixel,
  // so single strands and grains on either side count little.
  const size = width * height;
  const onSeam = new Float32Array(size);
  const known = new Float32Array(size);
  const holeOnes = new Float32Array(size);
  const ones = new Float32Array(size).fill(1);
  for (let i = 0; i < size; i += 1) {
    if (hole[i]) holeOnes[i] = 1;
    else known[i] = 1;
  }
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!hole[i]) continue;
      if ((x > 0 && !hole[i - 1]) || (x + 1 < width && !hole[i + 1]) || (y > 0 && !hole[i - width]) || (y + 1 < height && !hole[i + width])) onSeam[i] = 1;
    }
  }
  const nearHole = boxMean(holeOnes, ones, width, height, SEAM_BAND);
  const nearKnown = boxMean(known, ones, width, height, SEAM_BAND);
  const outsideBand = new Float32Array(size);
  const insideBand = new Float32Array(size);
  for (let i = 0; i < size; i += 1) {
    if (hole[i]) insideBand[i] = nearKnown[i]! > 0 ? 1 : 0;
    else outsideBand[i] = nearHole[i]! > 0 ? 1 : 0;
  }
  const jump = new Float32Array(size * channels);
  const plane = new Float32Array(size);
  for (let c = 0; c < channels; c += 1) {
    for (let i = 0; i < size; i += 1) plane[i] = outsideBand[i] ? data[i * channels + c]! : 0;
    const outside = boxMean(plane, outsideBand, width, height, SEAM_BAND + 1);
    for (let i = 0; i < size; i += 1) plane[i] = insideBand[i] ? filled[i * stride + c]! : 0;
    const inside = boxMean(plane, insideBand, width, height, SEAM_BAND + 1);
    for (let i = 0; i < size; i += 1) if (onSeam[i]) jump[i * channels + c] = outside[i]! - inside[i]!;
  }
  // One sample per grid cell the seam crosses: its mean position and its jumps averaged along the seam.
  let seamPixels = 0;
  for (const value of onSeam) seamPixels += value;
  if (seamPixels === 0) return;
  const cell = Math.max(1, Math.ceil(seamPixels / SEAM_SAMPLES));
  const smoothed: Float32Array[] = [];
  for (let c = 0; c < channels; c += 1) {
    const plane = new Float32Array(width * height);
    for (let i = 0; i < plane.length; i += 1) plane[i] = jump[i * channels + c]!;
    smoothed.push(boxMean(plane, onSeam, width, height, Math.max(SEAM_SMOOTHING, cell)));
  }
  const cellsAcross = Math.ceil(width / cell);
  const cells = new Map<number, { x: number; y: number; n: number; jump: Float64Array }>();
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!onSeam[i]) continue;
      const key = Math.floor(y / cell) * cellsAcross + Math.floor(x / cell);
      let sample = cells.get(key);
      if (!sample) cells.set(key, (sample = { x: 0, y: 0, n: 0, jump: new Float64Array(channels) }));
      sample.x += x;
      sample.y += y;
      sample.n += 1;
      for (let c = 0; c < channels; c += 1) sample.jump[c]! += smoothed[c]![i]!;
    }
  }
  const samples = [...cells.values()];
  const sx = Float32Array.from(samples, (sample) => sample.x / sample.n);
  const sy = Float32Array.from(samples, (sample) => sample.y / sample.n);
  const sj = Float32Array.from(samples.flatMap((sample) => Array.from(sample.jump, (value) => value / sample.n)));
  const correction = new Float64Array(channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (!hole[i]) continue;
      correction.fill(0);
      let total = 0;
      let nearest = Infinity;
      for (let k = 0; k < sx.length; k += 1) {
        const dx = x - sx[k]!;
        const dy = y - sy[k]!;
        if (dx * dx + dy * dy < nearest) nearest = dx * dx + dy * dy;
        // A sample's weight falls as 1/d³ (d at least half a pixel): the nearest stretch of seam matters most.
        const d2 = Math.max(0.25, dx * dx + dy * dy);
        const weight = 1 / (d2 * Math.sqrt(d2));
        total += weight;
        for (let c = 0; c < channels; c += 1) correction[c]! += weight * sj[k * channels + c]!;
      }
      const reach = Math.min(1, SEAM_REACH / Math.max(1, Math.sqrt(nearest)));
      for (let c = 0; c < channels; c += 1) filled[i * stride + c]! += (reach * correction[c]!) / total;
    }
  }
}

/**
 * Two texture channels beside the colour (Newson et al. 2014): the mean absolute horizontal and
 * vertical luminance change around each pixel. Without them a smooth patch is the cheapest match for
 * any guess, and fills drift to flat areas; with them, the hole's first guess inherits the texture
 * strength of its surroundings (the coarsest level's onion peeling spreads these channels too), so
 * grain is matched with grain.
 */
const TEXTURE_CHANNELS = 2;
const TEXTURE_RADIUS = 2;
const TEXTURE_LEVEL = 12;

/** The structure guide's three class-colour channels, weighed like the photo's own colour. */
const GUIDE_CHANNELS = 3;

/** The mean of each pixel's colour channels (not its alpha). */
function luminanceOf(values: ArrayLike<number>, channels: number, count: number): Float32Array {
  const colour = Math.min(3, channels);
  const luminance = new Float32Array(count);
  for (let i = 0; i < count; i += 1) {
    let sum = 0;
    for (let c = 0; c < colour; c += 1) sum += values[i * channels + c]!;
    luminance[i] = sum / colour;
  }
  return luminance;
}

function withTextureFeatures(image: FillImage, hole: Uint8Array, guide: Float32Array | null): Float32Array {
  const { width, height, channels, data } = image;
  const luminance = luminanceOf(data, channels, width * height);
  // Differences only between two known pixels: the object being removed adds no texture of its own.
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  const counted = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (hole[i]) continue;
      counted[i] = 1;
      if (x + 1 < width && !hole[i + 1]) gx[i] = Math.abs(luminance[i + 1]! - luminance[i]!);
      if (y + 1 < height && !hole[i + width]) gy[i] = Math.abs(luminance[i + width]! - luminance[i]!);
    }
  }
  const meanX = boxMean(gx, counted, width, height, TEXTURE_RADIUS);
  const meanY = boxMean(gy, counted, width, height, TEXTURE_RADIUS);
  // Scaled so an average texture reads as TEXTURE_LEVEL grey levels, whatever the photo's sharpness:
  // a soft photo's grain matters as much to the match as a crisp one's.
  let total = 0;
  let known = 0;
  for (let i = 0; i < width * height; i += 1) {
    if (hole[i]) continue;
    total += meanX[i]! + meanY[i]!;
    known += 2;
  }
  const scale = TEXTURE_LEVEL / Math.max(0.5, total / Math.max(1, known));
  const features = channels + TEXTURE_CHANNELS + (guide ? GUIDE_CHANNELS : 0);
  const pixels = new Float32Array(width * height * features);
  for (let i = 0; i < width * height; i += 1) {
    for (let c = 0; c < channels; c += 1) pixels[i * features + c] = data[i * channels + c]!;
    pixels[i * features + channels] = meanX[i]! * scale;
    pixels[i * features + channels + 1] = meanY[i]! * scale;
    if (guide) for (let c = 0; c < GUIDE_CHANNELS; c += 1) pixels[i * features + channels + TEXTURE_CHANNELS + c] = guide[i * GUIDE_CHANNELS + c]!;
  }
  return pixels;
}

/** Lets the event loop run (heartbeats, cancel requests) between passes, and stops when asked. */
async function pause(signal?: AbortSignal): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error("The fill was canceled.");
}

/** Halves the picture until the hole is small, keeping levels where whole patches outside it remain. */
function buildPyramid(finest: Level, radius: number): Level[] {
  const pyramid = [finest];
  for (;;) {
    const top = pyramid[pyramid.length - 1]!;
    const span = holeSpan(top);
    if (span <= COARSE_HOLE_SPAN || Math.min(top.width, top.height) / 2 < MIN_LEVEL_SIDE) break;
    const next = downsample(top);
    if (countValidSources(next, radius) < 64) break;
    pyramid.push(next);
  }
  if (countValidSources(pyramid[pyramid.length - 1]!, radius) === 0) throw new NothingToFillFromError();
  return pyramid;
}

function holeSpan(level: Level): number {
  let x0 = level.width;
  let y0 = level.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < level.height; y += 1) {
    for (let x = 0; x < level.width; x += 1) {
      if (!level.hole[y * level.width + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? 0 : Math.max(x1 - x0 + 1, y1 - y0 + 1);
}

/** Half the size: known pixels average their known children; a pixel with any hole child is hole. */
function downsample(level: Level): Level {
  const width = Math.ceil(level.width / 2);
  const height = Math.ceil(level.height / 2);
  const channels = level.channels;
  const free = channels - level.fixed;
  const pixels = new Float32Array(width * height * channels);
  const hole = new Uint8Array(width * height);
  const sums = new Float32Array(channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      sums.fill(0);
      let known = 0;
      let children = 0;
      let anyHole = 0;
      for (let dy = 0; dy < 2; dy += 1) {
        const sy = 2 * y + dy;
        if (sy >= level.height) continue;
        for (let dx = 0; dx < 2; dx += 1) {
          const sx = 2 * x + dx;
          if (sx >= level.width) continue;
          const source = sy * level.width + sx;
          // The guide is set everywhere: it averages over all children, hole or not.
          for (let c = free; c < channels; c += 1) sums[c]! += level.pixels[source * channels + c]!;
          children += 1;
          if (level.hole[source]) {
            anyHole = 1;
            continue;
          }
          known += 1;
          for (let c = 0; c < free; c += 1) sums[c]! += level.pixels[source * channels + c]!;
        }
      }
      const target = y * width + x;
      hole[target] = anyHole;
      if (known > 0) for (let c = 0; c < free; c += 1) pixels[target * channels + c] = sums[c]! / known;
      for (let c = free; c < channels; c += 1) pixels[target * channels + c] = sums[c]! / children;
    }
  }
  return { width, height, channels, pixels, hole, fixed: level.fixed };
}

/** 1 for each patch centre whose whole patch lies inside the picture and outside the hole. */
function validSources(level: Level, radius: number): Uint8Array {
  const { width, height, hole } = level;
  // Summed-area table of the hole: a patch's hole count in four lookups.
  const table = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let row = 0;
    for (let x = 0; x < width; x += 1) {
      row += hole[y * width + x]!;
      table[(y + 1) * (width + 1) + x + 1] = table[y * (width + 1) + x + 1]! + row;
    }
  }
  const valid = new Uint8Array(width * height);
  for (let y = radius; y < height - radius; y += 1) {
    for (let x = radius; x < width - radius; x += 1) {
      const x0 = x - radius;
      const y0 = y - radius;
      const x1 = x + radius + 1;
      const y1 = y + radius + 1;
      const inside = table[y1 * (width + 1) + x1]! - table[y0 * (width + 1) + x1]! - table[y1 * (width + 1) + x0]! + table[y0 * (width + 1) + x0]!;
      if (inside === 0) valid[y * width + x] = 1;
    }
  }
  return valid;
}

function countValidSources(level: Level, radius: number): number {
  let count = 0;
  for (const value of validSources(level, radius)) count += value;
  return count;
}

/** Expectation-maximisation rounds per level: most where the structure is decided, fewest at full size. */
function roundsAt(index: number, levels: number): number {
  return index === 0 ? 2 : index === levels - 1 ? 5 : 3;
}

/** The work of each level, in patches times passes, so progress moves evenly. */
function workPlan(pyramid: Level[], radius: number): { perLevel: number[]; total: number } {
  const perLevel = pyramid.map((level, index) => {
    let holePixels = 0;
    for (const value of level.hole) holePixels += value;
    const patches = holePixels + 4 * radius * Math.sqrt(holePixels);
    return patches * roundsAt(index, pyramid.length) * (index === 0 ? 1 : 2);
  });
  return { perLevel, total: perLevel.reduce((sum, value) => sum + value, 0) || 1 };
}

/** Above this many whole patches outside the hole, each step of the first guess tries a sample of them. */
const SEED_SOURCES = 4096;
/** A front pixel's data term (edge strength across the front, 0–1) never counts for less than this. */
const DATA_FLOOR = 0.02;

/**
 * A first guess at the coarsest level, in the order of Criminisi, Pérez and Toyama (2004): the hole
 * is filled patch by patch from its edge, and the next patch is the one on the edge with the highest
 * priority, its confidence (the share of its pixels known, or filled with confidence) times its data
 * term (how strongly an edge in the known part of the patch runs into the hole). A shadow's edge or
 * a horizon that meets the hole is thus carried across it first, before the texture on either side
 * floods in from the hole's longer edges; the best-matching whole patch outside the hole (over the
 * known pixels) supplies each patch's missing pixels. On a level this small the search can try every
 * source. The matching and voting at every level then refine this guess.
 */
function initialiseCoarsest(level: Level, radius: number, random: () => number): void {
  const { width, height, channels, pixels } = level;
  const valid = validSources(level, radius);
  let sources: number[] = [];
  for (let i = 0; i < valid.length; i += 1) if (valid[i]) sources.push(i);
  if (sources.length === 0) throw new NothingToFillFromError();
  if (sources.length > SEED_SOURCES) sources = Array.from({ length: SEED_SOURCES }, () => sources[Math.floor(random() * sources.length)]!);
  const known = Uint8Array.from(level.hole, (value) => (value ? 0 : 1));
  const confidence = Float32Array.from(known);
  const luminance = luminanceOf(pixels, channels, width * height);
  let unknown = 0;
  for (const value of known) unknown += 1 - value;
  const area = (2 * radius + 1) ** 2;

  while (unknown > 0) {
    // The front: unknown pixels with a known 4-neighbour.
    let best = -1;
    let bestPriority = -1;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = y * width + x;
        if (known[i]) continue;
        const nearKnown = (x > 0 && known[i - 1]) || (x + 1 < width && known[i + 1]) || (y > 0 && known[i - width]) || (y + 1 < height && known[i + width]);
        if (!nearKnown) continue;
        let trust = 0;
        for (let dy = -radius; dy <= radius; dy += 1) {
          const ty = y + dy;
          if (ty < 0 || ty >= height) continue;
          for (let dx = -radius; dx <= radius; dx += 1) {
            const tx = x + dx;
            if (tx >= 0 && tx < width && known[ty * width + tx]) trust += confidence[ty * width + tx]!;
          }
        }
        const priority = (trust / area) * (DATA_FLOOR + dataTerm(luminance, known, width, height, x, y, radius));
        if (priority > bestPriority) {
          bestPriority = priority;
          best = i;
        }
      }
    }
    if (best < 0) break;
    const px = best % width;
    const py = (best - px) / width;
    let match = sources[0]!;
    let matchCost = Infinity;
    for (const source of sources) {
      const cost = knownDistance(level, known, px, py, source % width, Math.floor(source / width), radius, matchCost);
      if (cost < matchCost) {
        matchCost = cost;
        match = source;
      }
    }
    const sx = match % width;
    const sy = (match - sx) / width;
    let trust = 0;
    for (let dy = -radius; dy <= radius; dy += 1) {
      for (let dx = -radius; dx <= radius; dx += 1) {
        const tx = px + dx;
        const ty = py + dy;
        if (tx >= 0 && ty >= 0 && tx < width && ty < height && known[ty * width + tx]) trust += confidence[ty * width + tx]!;
      }
    }
    trust /= area;
    for (let dy = -radius; dy <= radius; dy += 1) {
      const ty = py + dy;
      if (ty < 0 || ty >= height) continue;
      for (let dx = -radius; dx <= radius; dx += 1) {
        const tx = px + dx;
        if (tx < 0 || tx >= width) continue;
        const target = ty * width + tx;
        if (known[target]) continue;
        const source = (sy + dy) * width + sx + dx;
        for (let c = 0; c < channels - level.fixed; c += 1) pixels[target * channels + c] = pixels[source * channels + c]!;
        luminance[target] = luminance[source]!;
        confidence[target] = trust;
        known[target] = 1;
        unknown -= 1;
      }
    }
  }
}

/**
 * How strongly the picture's edges in the known part of the patch around (x, y) run into the hole:
 * the isophote (the luminance gradient turned a quarter) of the patch's strongest known gradient,
 * against the hole's normal there, scaled to 0–1. Zero on a flat area or along an edge parallel to
 * the front.
 */
function dataTerm(luminance: Float32Array, known: Uint8Array, width: number, height: number, x: number, y: number, radius: number): number {
  // The front's normal: the direction in which the known pixels around (x, y) thin out.
  let nx = 0;
  let ny = 0;
  for (let dy = -1; dy <= 1; dy += 1) {
    for (let dx = -1; dx <= 1; dx += 1) {
      const tx = x + dx;
      const ty = y + dy;
      const isKnown = tx >= 0 && ty >= 0 && tx < width && ty < height && known[ty * width + tx] ? 1 : 0;
      nx += dx * isKnown;
      ny += dy * isKnown;
    }
  }
  const normalLength = Math.hypot(nx, ny);
  if (normalLength === 0) return 0;
  nx /= normalLength;
  ny /= normalLength;
  let best = 0;
  let gx = 0;
  let gy = 0;
  for (let dy = -radius + 1; dy <= radius - 1; dy += 1) {
    const ty = y + dy;
    if (ty < 1 || ty >= height - 1) continue;
    for (let dx = -radius + 1; dx <= radius - 1; dx += 1) {
      const tx = x + dx;
      if (tx < 1 || tx >= width - 1) continue;
      const i = ty * width + tx;
      // Central differences between known pixels only: the hole's own (unknown) colour is no edge.
      if (!known[i] || !known[i - 1] || !known[i + 1] || !known[i - width] || !known[i + width]) continue;
      const ix = (luminance[i + 1]! - luminance[i - 1]!) / 2;
      const iy = (luminance[i + width]! - luminance[i - width]!) / 2;
      const strength = ix * ix + iy * iy;
      if (strength > best) {
        best = strength;
        gx = ix;
        gy = iy;
      }
    }
  }
  // The isophote (-gy, gx) against the normal; a step of 255 levels over two pixels reads as 1.
  return Math.min(1, Math.abs(-gy * nx + gx * ny) / 127.5);
}

/** Mean squared difference over the target patch's known pixels only. */
function knownDistance(level: Level, known: Uint8Array, px: number, py: number, sx: number, sy: number, radius: number, limit: number): number {
  const { width, height, channels, pixels } = level;
  let sum = 0;
  let count = 0;
  for (let dy = -radius; dy <= radius; dy += 1) {
    const ty = py + dy;
    if (ty < 0 || ty >= height) continue;
    for (let dx = -radius; dx <= radius; dx += 1) {
      const tx = px + dx;
      if (tx < 0 || tx >= width || (!level.fixed && !known[ty * width + tx])) continue;
      const t = (ty * width + tx) * channels;
      const s = ((sy + dy) * width + sx + dx) * channels;
      // Where the target is still unknown, only the guide (the class it should be) is compared.
      for (let c = known[ty * width + tx] ? 0 : channels - level.fixed; c < channels; c += 1) {
        const d = pixels[t + c]! - pixels[s + c]!;
        sum += d * d;
      }
      count += 1;
    }
  }
  const mean = count === 0 ? Infinity : sum / count;
  return mean < limit ? mean : limit;
}

/**
 * The nearest-neighbour field of one level: for every patch touching the hole (a target), the centre
 * of the most similar whole patch outside it, and how far apart the two are (sum of squared
 * differences over the target's pixels inside the picture).
 */
class MatchField {
  readonly nnf: Int32Array;
  private readonly cost: Float32Array;
  private readonly targets: Int32Array;
  private readonly valid: Uint8Array;
  private readonly validList: Int32Array;

  constructor(
    private readonly level: Level,
    private readonly radius: number,
    private readonly random: () => number,
  ) {
    this.valid = validSources(level, radius);
    const list: number[] = [];
    for (let i = 0; i < this.valid.length; i += 1) if (this.valid[i]) list.push(i);
    if (list.length === 0) throw new NothingToFillFromError();
    this.validList = Int32Array.from(list);
    this.targets = targetsOf(level, radius);
    this.nnf = new Int32Array(level.width * level.height).fill(-1);
    this.cost = new Float32Array(level.width * level.height);
  }

  private randomSource(): number {
    return this.validList[Math.floor(this.random() * this.validList.length)]!;
  }

  randomise(): void {
    for (const target of this.targets) this.nnf[target] = this.randomSource();
  }

  /** The coarser level's matches, doubled, as this level's starting guess. */
  upsample(coarseNnf: Int32Array, coarse: Level): void {
    const { width, height } = this.level;
    for (const target of this.targets) {
      const x = target % width;
      const y = (target - x) / width;
      const coarseIndex = Math.min(coarse.height - 1, y >> 1) * coarse.width + Math.min(coarse.width - 1, x >> 1);
      const coarseSource = coarseNnf[coarseIndex]!;
      let source = -1;
      if (coarseSource >= 0) {
        const sx = Math.min(width - 1 - this.radius, Math.max(this.radius, 2 * (coarseSource % coarse.width) + (x & 1)));
        const sy = Math.min(height - 1 - this.radius, Math.max(this.radius, 2 * Math.floor(coarseSource / coarse.width) + (y & 1)));
        const candidate = sy * width + sx;
        if (this.valid[candidate]) source = candidate;
      }
      this.nnf[target] = source >= 0 ? source : this.randomSource();
    }
  }

  computeCosts(): void {
    const { width } = this.level;
    for (const target of this.targets) {
      const source = this.nnf[target]!;
      this.cost[target] = this.distance(target % width, Math.floor(target / width), source % width, Math.floor(source / width), Infinity);
    }
  }

  /** Sum of squared differences, stopping early once it passes `limit`. */
  private distance(px: number, py: number, sx: number, sy: number, limit: number): number {
    const { width, height, channels, pixels } = this.level;
    const r = this.radius;
    const x0 = Math.max(-r, -px);
    const x1 = Math.min(r, width - 1 - px);
    const y0 = Math.max(-r, -py);
    const y1 = Math.min(r, height - 1 - py);
    const run = (x1 - x0 + 1) * channels;
    let sum = 0;
    for (let dy = y0; dy <= y1; dy += 1) {
      let t = ((py + dy) * width + px + x0) * channels;
      let s = ((sy + dy) * width + sx + x0) * channels;
      for (let k = 0; k < run; k += 1) {
        const d = pixels[t++]! - pixels[s++]!;
        sum += d * d;
      }
      if (sum >= limit) return sum;
    }
    return sum;
  }

  private trySource(target: number, px: number, py: number, sx: number, sy: number): void {
    const source = sy * this.level.width + sx;
    if (source === this.nnf[target] || !this.valid[source]) return;
    const cost = this.distance(px, py, sx, sy, this.cost[target]!);
    if (cost < this.cost[target]!) {
      this.cost[target] = cost;
      this.nnf[target] = source;
    }
  }

  /** One PatchMatch pass: propagation from the neighbours already visited, then random search. */
  improve(pass: number, spanShare: number): void {
    const { width, height } = this.level;
    const r = this.radius;
    const forward = pass % 2 === 0;
    const step = forward ? 1 : -1;
    const count = this.targets.length;
    const searchStart = Math.max(1, Math.round(Math.max(width, height) * spanShare));
    for (let n = 0; n < count; n += 1) {
      const target = this.targets[forward ? n : count - 1 - n]!;
      const px = target % width;
      const py = (target - px) / width;
      // Neighbours on the side already visited in this pass; their match shifted by one is a candidate.
      const horizontal = target - step;
      if (px - step >= 0 && px - step < width && this.nnf[horizontal]! >= 0) {
        const neighbour = this.nnf[horizontal]!;
        const sx = (neighbour % width) + step;
        if (sx >= r && sx < width - r) this.trySource(target, px, py, sx, Math.floor(neighbour / width));
      }
      const vertical = target - step * width;
      if (py - step >= 0 && py - step < height && this.nnf[vertical]! >= 0) {
        const neighbour = this.nnf[vertical]!;
        const sy = Math.floor(neighbour / width) + step;
        if (sy >= r && sy < height - r) this.trySource(target, px, py, neighbour % width, sy);
      }
      // Random search in windows halving around the best match so far.
      for (let span = searchStart; span >= 1; span = Math.floor(span / 2)) {
        const best = this.nnf[target]!;
        const bx = best % width;
        const by = (best - bx) / width;
        const sx = Math.min(width - 1 - r, Math.max(r, bx + Math.round((this.random() * 2 - 1) * span)));
        const sy = Math.min(height - 1 - r, Math.max(r, by + Math.round((this.random() * 2 - 1) * span)));
        this.trySource(target, px, py, sx, sy);
      }
    }
  }

  /**
   * Each hole pixel becomes the mean of the pixels the overlapping target patches' matches put there.
   * Weighted, a match counts by how well it fits (a Gaussian of its mean squared difference, scaled
   * by a low quantile of all of them), so the best-fitting patches shape the texture and seams blend.
   */
  vote(quantile: number | null): void {
    const { width, height, channels, pixels, hole } = this.level;
    const r = this.radius;
    const sums = new Float32Array(width * height * channels);
    const weights = new Float32Array(width * height);
    const weighted = quantile !== null;
    const scale = weighted ? this.costScale(quantile) : 1;
    for (const target of this.targets) {
      const source = this.nnf[target]!;
      const px = target % width;
      const py = (target - px) / width;
      const sx = source % width;
      const sy = (source - sx) / width;
      const x0 = Math.max(-r, -px);
      const x1 = Math.min(r, width - 1 - px);
      const y0 = Math.max(-r, -py);
      const y1 = Math.min(r, height - 1 - py);
      const area = (x1 - x0 + 1) * (y1 - y0 + 1) * channels;
      const weight = weighted ? Math.exp(-this.cost[target]! / area / scale) + 1e-6 : 1;
      for (let dy = y0; dy <= y1; dy += 1) {
        for (let dx = x0; dx <= x1; dx += 1) {
          const q = (py + dy) * width + px + dx;
          if (!hole[q]) continue;
          const s = ((sy + dy) * width + sx + dx) * channels;
          weights[q]! += weight;
          for (let c = 0; c < channels; c += 1) sums[q * channels + c]! += weight * pixels[s + c]!;
        }
      }
    }
    for (let q = 0; q < hole.length; q += 1) {
      if (!hole[q] || weights[q] === 0) continue;
      for (let c = 0; c < channels - this.level.fixed; c += 1) pixels[q * channels + c] = sums[q * channels + c]! / weights[q]!;
    }
  }

  /** A quantile of the targets' mean squared differences (from a sample), never zero. */
  private costScale(quantile: number): number {
    const { width, channels } = this.level;
    const r = this.radius;
    const sampleSize = Math.min(this.targets.length, 2048);
    const sample = new Float32Array(sampleSize);
    for (let i = 0; i < sampleSize; i += 1) {
      const target = this.targets[Math.floor((i * this.targets.length) / sampleSize)]!;
      const px = target % width;
      const py = (target - px) / width;
      const area = (Math.min(r, width - 1 - px) + Math.min(r, px) + 1) * (Math.min(r, this.level.height - 1 - py) + Math.min(r, py) + 1) * channels;
      sample[i] = this.cost[target]! / area;
    }
    sample.sort();
    return Math.max(1, sample[Math.floor(sampleSize * quantile)] ?? 1);
  }
}

/** The centres of every patch that touches the hole: pixels within `radius` of it, row by row. */
function targetsOf(level: Level, radius: number): Int32Array {
  const near = dilateSquare(level.hole, level.width, level.height, radius);
  const list: number[] = [];
  for (let i = 0; i < near.length; i += 1) if (near[i]) list.push(i);
  return Int32Array.from(list);
}
