// Where the regions around a hole (a shadow, a rim, the table) should lie inside it, as a guide for the
// exemplar fill (exemplar-fill.ts). The hole's rim is split into a few colour classes; each edge
// between two classes that meets the rim is paired with an edge of the same two classes that leaves
// it (pairs whose chords do not cross, chosen so each pair's ends point at each other best), and each
// pair is joined by a smooth curve (a cubic Hermite whose ends follow the edges' directions just
// outside the hole), so a shadow's edge that enters the top and leaves the side bends as the photo's
// edges say instead of running straight on. Every hole pixel takes the class of the nearest rim pixel
// it reaches without crossing a curve; every known pixel the class of its smoothed colour. The fill
// matches patches with the class colours as extra channels, so the shadow is copied where the shadow
// should go and the wood elsewhere. Where no clear edge crosses the hole (hair, fur, grain) there is
// no guide and the fill is left to the texture alone.

import { boxMean } from "./pixels";

/** Mean colours of the rim's classes this close (Euclidean, in levels) count as one class. */
const MERGE_DISTANCE = 45;
const MAX_CLASSES = 3;
/** Colours are classed after a box mean of this radius over known pixels, so grain does not set the class. */
const SMOOTH_RADIUS = 2;
/** The finished guide is box-blurred by this radius, so a textured source's class map, which flickers, is as smooth as the hole's. */
const GUIDE_BLUR = 4;
/** A known pixel this far (in levels) from every class keeps its own colour as guide: skin or a wall next to hair is no class of the rim. */
const FAR_DISTANCE = 60;
/** Angular bins the rim is summarised in. */
const BINS = 144;
/** A run of one class shorter than this many bins is noise (a grain, a crumb) and joins its neighbours. */
const MIN_RUN = 3;
/** Radius of the window whose gradients give an edge's direction where it meets the hole. */
const TANGENT_RADIUS = 5;

export interface StructureGuide {
  /** Three channels a pixel: the colour of the class the pixel belongs (or should belong) to. */
  colours: Float32Array;
}

export function structureGuide(data: Uint8Array | Float32Array, stride: number, width: number, height: number, hole: Uint8Array): StructureGuide | null {
  const size = width * height;
  // Smoothed colour of the known pixels, so grain does not set the class.
  const smooth = smoothed(data, stride, width, height, hole, SMOOTH_RADIUS);
  // The rim: known pixels 8-adjacent to the hole.
  let cx = 0;
  let cy = 0;
  let holeCount = 0;
  for (let i = 0; i < size; i += 1) {
    if (!hole[i]) continue;
    cx += i % width;
    cy += Math.floor(i / width);
    holeCount += 1;
  }
  if (holeCount === 0) return null;
  cx /= holeCount;
  cy /= holeCount;
  const rim: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      if (hole[i]) continue;
      let near = false;
      for (let dy = -1; dy <= 1 && !near; dy += 1) {
        for (let dx = -1; dx <= 1; dx += 1) {
          const tx = x + dx;
          const ty = y + dy;
          if (tx >= 0 && ty >= 0 && tx < width && ty < height && hole[ty * width + tx]) {
            near = true;
            break;
          }
        }
      }
      if (near) rim.push(i);
    }
  }
  if (rim.length < BINS / 4) return null;
  // The rim in angular bins around the hole's centre: mean colour and mean position of each.
  const binColour = new Float64Array(BINS * 3);
  const binX = new Float64Array(BINS);
  const binY = new Float64Array(BINS);
  const binCount = new Float64Array(BINS);
  const binOf = new Int32Array(rim.length);
  rim.forEach((i, k) => {
    const x = i % width;
    const y = (i - x) / width;
    const angle = Math.atan2(y - cy, x - cx);
    const bin = Math.min(BINS - 1, Math.floor(((angle + Math.PI) / (2 * Math.PI)) * BINS));
    binOf[k] = bin;
    binCount[bin]! += 1;
    binX[bin]! += x;
    binY[bin]! += y;
    for (let c = 0; c < 3; c += 1) binColour[bin * 3 + c]! += smooth[i * 3 + c]!;
  });
  const bins: number[] = [];
  for (let b = 0; b < BINS; b += 1) {
    if (binCount[b] === 0) continue;
    binX[b]! /= binCount[b]!;
    binY[b]! /= binCount[b]!;
    for (let c = 0; c < 3; c += 1) binColour[b * 3 + c]! /= binCount[b]!;
    bins.push(b);
  }
  const centroids = classesOf(bins.map((b) => [binColour[b * 3]!, binColour[b * 3 + 1]!, binColour[b * 3 + 2]!]));
  if (centroids.length < 2) return null;
  const nearestClass = (r: number, g: number, b: number) => {
    let best = 0;
    let bestDistance = Infinity;
    centroids.forEach((centre, k) => {
      const d = (r - centre[0]!) ** 2 + (g - centre[1]!) ** 2 + (b - centre[2]!) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    });
    return best;
  };
  let labels = bins.map((b) => nearestClass(binColour[b * 3]!, binColour[b * 3 + 1]!, binColour[b * 3 + 2]!));
  labels = withoutShortRuns(labels);
  if (new Set(labels).size < 2) return null;
  const labelOfBin = new Int32Array(BINS).fill(-1);
  bins.forEach((b, k) => (labelOfBin[b] = labels[k]!));

  // Edges meeting the rim, in order around it, with their direction just outside the hole.
  const luminance = new Float32Array(size);
  for (let i = 0; i < size; i += 1) luminance[i] = (smooth[i * 3]! + smooth[i * 3 + 1]! + smooth[i * 3 + 2]!) / 3;
  const crossings: Crossing[] = [];
  for (let k = 0; k < bins.length; k += 1) {
    const next = (k + 1) % bins.length;
    if (labels[k] === labels[next]) continue;
    const a = bins[k]!;
    const b = bins[next]!;
    const point = { x: (binX[a]! + binX[b]!) / 2, y: (binY[a]! + binY[b]!) / 2 };
    const edge = edgeDirection(luminance, hole, width, height, point.x, point.y);
    crossings.push({ from: labels[k]!, to: labels[next]!, ...point, direction: inward(edge.direction, point, cx, cy), coherence: edge.coherence });
  }
  const pairs = pairCrossings(crossings);
  // No edge runs through the hole: the photo's texture is left to the fill alone.
  if (pairs.length === 0) return null;
  const walls = new Uint8Array(size);
  for (const [first, second] of pairs) drawHermite(walls, hole, width, height, crossings[first]!, crossings[second]!);

  // Hole pixels: the class of the nearest rim pixel reachable without crossing a curve (4-connected).
  const classOf = new Int32Array(size).fill(-1);
  let queue: number[] = [];
  rim.forEach((i, k) => {
    classOf[i] = labelOfBin[binOf[k]!]!;
    queue.push(i);
  });
  const neighbours = (i: number): number[] => {
    const x = i % width;
    return [x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1, i - width, i + width].filter((j) => j >= 0 && j < size);
  };
  while (queue.length > 0) {
    const next: number[] = [];
    for (const i of queue) {
      for (const j of neighbours(i)) {
        if (!hole[j] || walls[j] || classOf[j]! >= 0) continue;
        classOf[j] = classOf[i]!;
        next.push(j);
      }
    }
    queue = next;
  }
  // The curves themselves, and any pocket no rim pixel reaches, take a neighbour's class.
  for (let round = 0; round < width + height; round += 1) {
    const fills: [number, number][] = [];
    for (let i = 0; i < size; i += 1) {
      if (!hole[i] || classOf[i]! >= 0) continue;
      const from = neighbours(i).find((j) => hole[j] && classOf[j]! >= 0);
      if (from !== undefined) fills.push([i, classOf[from]!]);
    }
    if (fills.length === 0) break;
    for (const [i, label] of fills) classOf[i] = label;
  }
  // A hole pixel's guide is its class's colour; a known pixel's, its class's colour when its smoothed
  // colour is near one, else that colour itself.
  const colours = new Float32Array(size * 3);
  for (let i = 0; i < size; i += 1) {
    const centre = centroids[hole[i] ? Math.max(0, classOf[i]!) : nearestClass(smooth[i * 3]!, smooth[i * 3 + 1]!, smooth[i * 3 + 2]!)]!;
    const far = !hole[i] && Math.hypot(smooth[i * 3]! - centre[0]!, smooth[i * 3 + 1]! - centre[1]!, smooth[i * 3 + 2]! - centre[2]!) > FAR_DISTANCE;
    for (let c = 0; c < 3; c += 1) colours[i * 3 + c] = far ? smooth[i * 3 + c]! : centre[c]!;
  }
  // The same blur over known and hole pixels alike, so a source's guide is as smooth as a target's
  // and no flat stretch of the photo matches the guide better than textured ones.
  const plane = new Float32Array(size);
  const all = new Float32Array(size).fill(1);
  for (let c = 0; c < 3; c += 1) {
    for (let i = 0; i < size; i += 1) plane[i] = colours[i * 3 + c]!;
    const blurred = boxMean(plane, all, width, height, GUIDE_BLUR);
    for (let i = 0; i < size; i += 1) colours[i * 3 + c] = blurred[i]!;
  }
  return { colours };
}

/** Each pixel's mean colour over the known pixels of a square window around it, three channels. */
function smoothed(data: Uint8Array | Float32Array, stride: number, width: number, height: number, hole: Uint8Array, radius: number): Float32Array {
  const size = width * height;
  const colour = Math.min(3, stride);
  const result = new Float32Array(size * 3);
  const plane = new Float32Array(size);
  const counted = new Float32Array(size);
  for (let i = 0; i < size; i += 1) counted[i] = hole[i] ? 0 : 1;
  for (let c = 0; c < 3; c += 1) {
    const channel = Math.min(c, colour - 1);
    for (let i = 0; i < size; i += 1) plane[i] = hole[i] ? 0 : data[i * stride + channel]!;
    const mean = boxMean(plane, counted, width, height, radius);
    for (let i = 0; i < size; i += 1) result[i * 3 + c] = mean[i]!;
  }
  return result;
}

interface Crossing {
  from: number;
  to: number;
  x: number;
  y: number;
  /** Along the edge, into the hole. */
  direction: [number, number];
  coherence: number;
}

/** Up to MAX_CLASSES colour classes (k-means from the farthest points), merged while two are alike. */
function classesOf(samples: number[][]): number[][] {
  if (samples.length === 0) return [];
  const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
  const mean = [0, 1, 2].map((c) => samples.reduce((sum, s) => sum + s[c]!, 0) / samples.length);
  let centres: number[][] = [];
  // Farthest-point start: deterministic.
  let first = samples[0]!;
  for (const s of samples) if (distance(s, mean) > distance(first, mean)) first = s;
  centres.push([...first]);
  while (centres.length < MAX_CLASSES) {
    let far = samples[0]!;
    let farDistance = -1;
    for (const s of samples) {
      const d = Math.min(...centres.map((centre) => distance(s, centre)));
      if (d > farDistance) {
        farDistance = d;
        far = s;
      }
    }
    if (farDistance < MERGE_DISTANCE) break;
    centres.push([...far]);
  }
  for (;;) {
    for (let iteration = 0; iteration < 20; iteration += 1) {
      const sums = centres.map(() => [0, 0, 0, 0]);
      for (const s of samples) {
        let best = 0;
        centres.forEach((centre, k) => {
          if (distance(s, centre) < distance(s, centres[best]!)) best = k;
        });
        for (let c = 0; c < 3; c += 1) sums[best]![c]! += s[c]!;
        sums[best]![3]! += 1;
      }
      centres = centres.map((centre, k) => (sums[k]![3]! > 0 ? [0, 1, 2].map((c) => sums[k]![c]! / sums[k]![3]!) : centre));
    }
    let merged = false;
    for (let a = 0; a < centres.length && !merged; a += 1) {
      for (let b = a + 1; b < centres.length; b += 1) {
        if (distance(centres[a]!, centres[b]!) < MERGE_DISTANCE) {
          centres.splice(b, 1);
          merged = true;
          break;
        }
      }
    }
    if (!merged) return centres;
  }
}

/** Runs shorter than MIN_RUN (around the circle) take the class of the run before them. */
function withoutShortRuns(labels: number[]): number[] {
  const result = [...labels];
  const n = result.length;
  for (let pass = 0; pass < 3; pass += 1) {
    let start = 0;
    while (start < n && result[start] === result[(start - 1 + n) % n]) start += 1;
    if (start === n) return result;
    for (let k = 0; k < n;) {
      const begin = (start + k) % n;
      let length = 1;
      while (length < n && result[(begin + length) % n] === result[begin]) length += 1;
      if (length < MIN_RUN) {
        const previous = result[(begin - 1 + n) % n]!;
        for (let j = 0; j < length; j += 1) result[(begin + j) % n] = previous;
      }
      k += length;
    }
  }
  return result;
}

/**
 * A pair costs how far each end's edge direction turns from the chord between them (0 when both
 * point straight at each other, 4 when both point away). Above this an edge's two ends are not
 * believed to be one edge: hair, fur and grain cross the rim everywhere, in every direction.
 */
const PAIR_LIMIT = 0.25;
const UNPAIRED_COST = PAIR_LIMIT / 2;
/** An edge whose gradients agree less than this where it meets the hole is texture, not an edge. */
const MIN_COHERENCE = 0.8;

/**
 * Pairs crossings with chords that do not cross (an edge entering the hole leaves it without cutting
 * another), each pair joining an edge from class a to b with one from b to a, choosing the pairing
 * whose edges point at each other best: dynamic programming over intervals of the rim's order.
 */
function pairCrossings(crossings: Crossing[]): [number, number][] {
  const n = crossings.length;
  const pairCost = (a: number, b: number): number => {
    const p = crossings[a]!;
    const q = crossings[b]!;
    if (p.from !== q.to || p.to !== q.from || p.coherence < MIN_COHERENCE || q.coherence < MIN_COHERENCE) return Infinity;
    const length = Math.hypot(q.x - p.x, q.y - p.y);
    if (length < 2) return Infinity;
    const ux = (q.x - p.x) / length;
    const uy = (q.y - p.y) / length;
    return 1 - (p.direction[0] * ux + p.direction[1] * uy) + 1 + (q.direction[0] * ux + q.direction[1] * uy);
  };
  const best: Float64Array[] = Array.from({ length: n + 1 }, () => new Float64Array(n + 1));
  const choice: Int32Array[] = Array.from({ length: n + 1 }, () => new Int32Array(n + 1).fill(-1));
  const at = (i: number, j: number) => (i > j ? 0 : best[i]![j]!);
  for (let span = 0; span < n; span += 1) {
    for (let i = 0; i + span < n; i += 1) {
      const j = i + span;
      let value = at(i + 1, j) + UNPAIRED_COST;
      let chosen = -1;
      for (let k = i + 1; k <= j; k += 1) {
        const cost = pairCost(i, k);
        if (cost === Infinity) continue;
        const total = cost + at(i + 1, k - 1) + at(k + 1, j);
        if (total < value) {
          value = total;
          chosen = k;
        }
      }
      best[i]![j] = value;
      choice[i]![j] = chosen;
    }
  }
  const pairs: [number, number][] = [];
  const collect = (i: number, j: number) => {
    if (i > j) return;
    const k = choice[i]![j]!;
    if (k < 0) collect(i + 1, j);
    else {
      pairs.push([i, k]);
      collect(i + 1, k - 1);
      collect(k + 1, j);
    }
  };
  collect(0, n - 1);
  return pairs;
}

/**
 * The direction along the edge near (x, y) (the structure tensor's weaker axis over known pixels) and
 * how much the gradients there agree on it (coherence, 0–1): 1 along one straight edge, lower where
 * strands or grain run every way.
 */
function edgeDirection(
  luminance: Float32Array,
  hole: Uint8Array,
  width: number,
  height: number,
  x: number,
  y: number,
): { direction: [number, number]; coherence: number } {
  let xx = 0;
  let xy = 0;
  let yy = 0;
  const px = Math.round(x);
  const py = Math.round(y);
  for (let dy = -TANGENT_RADIUS; dy <= TANGENT_RADIUS; dy += 1) {
    for (let dx = -TANGENT_RADIUS; dx <= TANGENT_RADIUS; dx += 1) {
      const tx = px + dx;
      const ty = py + dy;
      if (tx < 1 || ty < 1 || tx >= width - 1 || ty >= height - 1) continue;
      const i = ty * width + tx;
      if (hole[i] || hole[i - 1] || hole[i + 1] || hole[i - width] || hole[i + width]) continue;
      const gx = (luminance[i + 1]! - luminance[i - 1]!) / 2;
      const gy = (luminance[i + width]! - luminance[i - width]!) / 2;
      xx += gx * gx;
      xy += gx * gy;
      yy += gy * gy;
    }
  }
  // The gradient's main axis is at half the angle of (xx - yy, 2xy); the edge runs across it.
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const coherence = xx + yy > 0 ? Math.sqrt((xx - yy) ** 2 + 4 * xy * xy) / (xx + yy) : 0;
  return { direction: [-Math.sin(angle), Math.cos(angle)], coherence };
}

/** The direction, or its opposite, whichever points toward the hole's centre. */
function inward(direction: [number, number], point: { x: number; y: number }, cx: number, cy: number): [number, number] {
  const dot = direction[0] * (cx - point.x) + direction[1] * (cy - point.y);
  return dot >= 0 ? direction : [-direction[0], -direction[1]];
}

/** Marks the hole pixels along the curve from p (leaving along its direction) to q (arriving against its direction), two pixels thick. */
function drawHermite(
  walls: Uint8Array,
  hole: Uint8Array,
  width: number,
  height: number,
  p: { x: number; y: number; direction: [number, number] },
  q: { x: number; y: number; direction: [number, number] },
): void {
  const length = Math.hypot(q.x - p.x, q.y - p.y);
  if (length < 1) return;
  const tp = p.direction;
  const tq = q.direction;
  const steps = Math.ceil(length * 4);
  for (let s = 0; s <= steps; s += 1) {
    const t = s / steps;
    const h00 = 2 * t ** 3 - 3 * t ** 2 + 1;
    const h10 = t ** 3 - 2 * t ** 2 + t;
    const h01 = -2 * t ** 3 + 3 * t ** 2;
    const h11 = t ** 3 - t ** 2;
    const x = h00 * p.x + h10 * length * tp[0] + h01 * q.x - h11 * length * tq[0];
    const y = h00 * p.y + h10 * length * tp[1] + h01 * q.y - h11 * length * tq[1];
    const ix = Math.round(x);
    const iy = Math.round(y);
    for (const [mx, my] of [
      [ix, iy],
      [ix + 1, iy],
      [ix, iy + 1],
    ] as const) {
      if (mx >= 0 && my >= 0 && mx < width && my < height && hole[my * width + mx]) walls[my * width + mx] = 1;
    }
  }
}
