/**
 * @jest-environment node
 */
// The exemplar fill's promises: nothing outside the hole changes, a hole in a repeating texture is
// filled with that texture (not a smooth average of it), the same seed gives the same fill, and a
// picture with nothing left to copy from is refused.
import { exemplarFill, NothingToFillFromError } from "@/lib/imaging/local/exemplar-fill";

jest.setTimeout(60_000);

const WIDTH = 120;
const HEIGHT = 120;
const HOLE = { x: 40, y: 44, width: 36, height: 30 };

/** A checkerboard of 4-pixel squares in two colours, and a hole painted blue over it. */
function checkerboard(): { data: Uint8Array; hole: Uint8Array; original: Uint8Array } {
  const original = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y += 1) {
    for (let x = 0; x < WIDTH; x += 1) {
      const dark = ((x >> 2) + (y >> 2)) % 2 === 0;
      original.set(dark ? [40, 60, 30] : [210, 190, 150], (y * WIDTH + x) * 3);
    }
  }
  return { ...paintHole(original, WIDTH, HOLE, [0, 0, 255]), original };
}

type Box = { x: number; y: number; width: number; height: number };

/** The picture with the box painted one colour over it, and the box as a hole mask. */
function paintHole(original: Uint8Array, width: number, box: Box, colour: number[]): { data: Uint8Array; hole: Uint8Array } {
  const data = Uint8Array.from(original);
  const hole = new Uint8Array(original.length / 3);
  for (let y = box.y; y < box.y + box.height; y += 1) {
    for (let x = box.x; x < box.x + box.width; x += 1) {
      hole[y * width + x] = 1;
      data.set(colour, (y * width + x) * 3);
    }
  }
  return { data, hole };
}

/** A seeded stream of numbers in [0, 1), the same for the same seed. */
function seededStream(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Photo-like noise: a seeded random field, smoothed a little. */
function noisyPicture(seed: number): Uint8Array {
  const next = seededStream(seed);
  const data = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let i = 0; i < data.length; i += 1) data[i] = Math.round(60 + next() * 120);
  return data;
}

describe("exemplar fill", () => {
  it("leaves every pixel outside the hole exactly as it was", async () => {
    const data = noisyPicture(7);
    // A small hole: which pixels a fill may touch does not depend on its size, its cost does.
    const hole = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 40; y < 60; y += 1) for (let x = 60; x < 80; x += 1) hole[y * WIDTH + x] = 1;
    const filled = await exemplarFill({ data, width: WIDTH, height: HEIGHT, channels: 3 }, hole, { seed: 3 });
    let changedOutside = 0;
    let changedInside = 0;
    for (let i = 0; i < WIDTH * HEIGHT; i += 1) {
      const differs = [0, 1, 2].some((c) => filled[i * 3 + c] !== data[i * 3 + c]);
      if (hole[i]) changedInside += differs ? 1 : 0;
      else changedOutside += differs ? 1 : 0;
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(0);
  });

  it("fills a hole in a repeating texture with that texture", async () => {
    const { data, hole, original } = checkerboard();
    const filled = await exemplarFill({ data, width: WIDTH, height: HEIGHT, channels: 3 }, hole, { seed: 11 });
    // Every filled pixel is one of the two colours (no blue left, no blend), and the pattern lines up
    // with the surrounding squares almost everywhere.
    let matching = 0;
    let blended = 0;
    let total = 0;
    for (let y = HOLE.y; y < HOLE.y + HOLE.height; y += 1) {
      for (let x = HOLE.x; x < HOLE.x + HOLE.width; x += 1) {
        const i = (y * WIDTH + x) * 3;
        const distanceTo = (colour: number[]) => Math.max(...colour.map((value, c) => Math.abs(filled[i + c]! - value)));
        if (Math.min(distanceTo([40, 60, 30]), distanceTo([210, 190, 150])) > 30) blended += 1;
        if ([0, 1, 2].every((c) => Math.abs(filled[i + c]! - original[i + c]!) <= 30)) matching += 1;
        total += 1;
      }
    }
    expect(blended / total).toBeLessThan(0.05);
    expect(matching / total).toBeGreaterThan(0.9);
  });

  it("continues a curved shadow's edge through the hole where the edge really runs", async () => {
    // Noisy light wood with a dark band along an arc: the band enters the hole's top and leaves its
    // right side, turning as it goes. A fill that runs the band straight down (or floods the hole
    // with one side) gets many pixels on the wrong side of the edge.
    const size = 160;
    const shadow = (x: number, y: number) => {
      const distance = Math.hypot(x - 160, y);
      return distance > 80 && distance < 100;
    };
    const next = seededStream(3);
    const original = new Uint8Array(size * size * 3);
    for (let y = 0; y < size; y += 1) {
      for (let x = 0; x < size; x += 1) {
        const base = shadow(x, y) ? [45, 30, 20] : [200, 160, 120];
        const grain = (next() - 0.5) * 40;
        original.set(
          base.map((value) => Math.max(0, Math.min(255, Math.round(value + grain)))),
          (y * size + x) * 3,
        );
      }
    }
    const box = { x: 50, y: 50, width: 56, height: 56 };
    const { data, hole } = paintHole(original, size, box, [128, 128, 128]);
    const filled = await exemplarFill({ data, width: size, height: size, channels: 3 }, hole, { seed: 1 });
    let wrongSide = 0;
    let total = 0;
    for (let y = box.y; y < box.y + box.height; y += 1) {
      for (let x = box.x; x < box.x + box.width; x += 1) {
        const i = (y * size + x) * 3;
        const looksDark = (filled[i]! + filled[i + 1]! + filled[i + 2]!) / 3 < 100;
        if (looksDark !== shadow(x, y)) wrongSide += 1;
        total += 1;
      }
    }
    // Straight on, or by the edges' order alone, about 6% of the hole lands on the wrong side.
    expect(wrongSide / total).toBeLessThan(0.035);
  });

  it("gives the same fill for the same seed, and reports its progress up to the end", async () => {
    const data = noisyPicture(19);
    // Just wider than the coarsest level's span, so the fill runs at two levels and reports each round.
    const hole = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 20; y < 48; y += 1) for (let x = 20; x < 48; x += 1) hole[y * WIDTH + x] = 1;
    const progress: number[] = [];
    const first = await exemplarFill({ data, width: WIDTH, height: HEIGHT, channels: 3 }, hole, { seed: 5, onProgress: (done) => progress.push(done) });
    const again = await exemplarFill({ data, width: WIDTH, height: HEIGHT, channels: 3 }, hole, { seed: 5 });
    const other = await exemplarFill({ data, width: WIDTH, height: HEIGHT, channels: 3 }, hole, { seed: 6 });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
    expect(progress.length).toBeGreaterThan(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBeCloseTo(1, 5);
  });

  it("keeps a translucent picture's alpha channel as a fourth channel", async () => {
    const data = new Uint8Array(WIDTH * HEIGHT * 4);
    for (let i = 0; i < WIDTH * HEIGHT; i += 1) data.set([100, 120, 140, 128], i * 4);
    const hole = new Uint8Array(WIDTH * HEIGHT);
    for (let y = 50; y < 70; y += 1) for (let x = 50; x < 70; x += 1) hole[y * WIDTH + x] = 1;
    const filled = await exemplarFill({ data, width: WIDTH, height: HEIGHT, channels: 4 }, hole);
    const centre = (60 * WIDTH + 60) * 4;
    expect(Array.from(filled.subarray(centre, centre + 4))).toEqual([100, 120, 140, 128]);
  });

  it("refuses a picture with no whole patch outside the hole", async () => {
    const data = noisyPicture(1);
    const hole = new Uint8Array(WIDTH * HEIGHT).fill(1);
    for (let x = 0; x < WIDTH; x += 1) hole[x] = 0;
    await expect(exemplarFill({ data, width: WIDTH, height: HEIGHT, channels: 3 }, hole)).rejects.toBeInstanceOf(NothingToFillFromError);
  });
});
