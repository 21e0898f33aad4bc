// Local background removal on real photos: the real medium model cuts the subject out, and the
// preset landscapes or a generated picture replace what was behind it.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { renderBackdrop, type BackdropPreset } from "@/lib/imaging/local/backdrops";
import { removeBackgroundLocal, warmBackgroundModel } from "@/lib/imaging/local/background";
import type { Background, ImageAsset } from "@/lib/imaging/types";

// The first call loads an 88 MB model; on a busy two-core machine inference takes seconds a photo.
jest.setTimeout(180_000);

const PHOTOS = path.join(process.cwd(), "tests/fixtures/photos");
const PRESETS: BackdropPreset[] = ["mountain", "forest", "ocean", "sunset"];

interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Photo {
  asset: ImageAsset;
  rgba: Buffer;
  /** Plain background in the photo, away from the subject. */
  border: Region[];
  /** Well inside the subject. */
  centre: Region;
}

async function loadPhoto(file: string, border: Region[], centre: Region): Promise<Photo> {
  const buffer = readFileSync(path.join(PHOTOS, file));
  const { width, height } = await sharp(buffer).metadata();
  const rgba = await sharp(buffer).ensureAlpha().raw().toBuffer();
  return { asset: { buffer, contentType: "image/png", width: width!, height: height! }, rgba, border, centre };
}

async function decode(asset: ImageAsset): Promise<{ rgba: Buffer; width: number; height: number; format: string | undefined }> {
  const { data, info } = await sharp(asset.buffer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { format } = await sharp(asset.buffer).metadata();
  return { rgba: data, width: info.width, height: info.height, format };
}

function* pixelsOf(regions: Region[], imageWidth: number): Generator<number> {
  for (const region of regions) {
    for (let y = region.top; y < region.top + region.height; y += 1) {
      for (let x = region.left; x < region.left + region.width; x += 1) yield (y * imageWidth + x) * 4;
    }
  }
}

function alphaShare(rgba: Buffer, regions: Region[], imageWidth: number, test: (alpha: number) => boolean): number {
  let matching = 0;
  let total = 0;
  for (const offset of pixelsOf(regions, imageWidth)) {
    total += 1;
    if (test(rgba[offset + 3]!)) matching += 1;
  }
  return matching / total;
}

/** Mean absolute difference of the colour channels over some regions, 0–255. */
function colourDifference(a: Buffer, b: Buffer, regions: Region[], imageWidth: number): number {
  let sum = 0;
  let count = 0;
  for (const offset of pixelsOf(regions, imageWidth)) {
    for (let c = 0; c < 3; c += 1) sum += Math.abs(a[offset + c]! - b[offset + c]!);
    count += 3;
  }
  return sum / count;
}

const durations: number[] = [];
let loadDuration = 0;

async function timed(input: { image: ImageAsset; background: Background }): Promise<ImageAsset> {
  const started = performance.now();
  const result = await removeBackgroundLocal(input);
  durations.push(performance.now() - started);
  return result;
}

let astronaut: Photo;
let coffee: Photo;

beforeAll(async () => {
  // Astronaut: the sky-blue studio wall and flag behind her upper body; her face in the middle.
  astronaut = await loadPhoto(
    "astronaut.png",
    [
      { left: 0, top: 0, width: 512, height: 10 },
      { left: 0, top: 10, width: 14, height: 180 },
      { left: 498, top: 10, width: 14, height: 280 },
    ],
    { left: 195, top: 95, width: 60, height: 55 },
  );
  // Coffee: the wooden table in every corner; the crema in the cup.
  coffee = await loadPhoto(
    "coffee.png",
    [
      { left: 0, top: 0, width: 40, height: 40 },
      { left: 560, top: 0, width: 40, height: 40 },
      { left: 0, top: 360, width: 40, height: 40 },
      { left: 560, top: 360, width: 40, height: 40 },
    ],
    { left: 250, top: 120, width: 80, height: 50 },
  );
});

afterAll(() => {
  console.info(`background removal: model load ${Math.round(loadDuration)} ms, calls ${durations.map(Math.round).join(", ")} ms`);
});

describe("removeBackgroundLocal with no background", () => {
  it("loads the model ahead of the first photo", async () => {
    const started = performance.now();
    await warmBackgroundModel();
    loadDuration = performance.now() - started;
    // Loaded once: a second warm-up finds it ready.
    const again = performance.now();
    await warmBackgroundModel();
    expect(performance.now() - again).toBeLessThan(loadDuration);
  });

  it.each([
    ["astronaut", () => astronaut],
    ["coffee", () => coffee],
  ])("leaves the %s on a transparent PNG of the photo's size", async (_name, photo) => {
    const { asset, border, centre } = photo();
    const result = await timed({ image: asset, background: { preset: "none" } });

    expect(result.contentType).toBe("image/png");
    expect([result.width, result.height]).toEqual([asset.width, asset.height]);
    const decoded = await decode(result);
    expect(decoded.format).toBe("png");
    expect([decoded.width, decoded.height]).toEqual([asset.width, asset.height]);

    expect(alphaShare(decoded.rgba, border, asset.width, (alpha) => alpha === 0)).toBeGreaterThan(0.97);
    expect(alphaShare(decoded.rgba, [centre], asset.width, (alpha) => alpha === 255)).toBeGreaterThan(0.99);
    const whole = [{ left: 0, top: 0, width: asset.width, height: asset.height }];
    const opaque = alphaShare(decoded.rgba, whole, asset.width, (alpha) => alpha >= 200);
    expect(opaque).toBeGreaterThan(0.2);
    expect(opaque).toBeLessThan(0.85);
    // The subject itself keeps the photo's colours.
    expect(colourDifference(decoded.rgba, photo().rgba, [centre], asset.width)).toBeLessThan(1);
  });

  it("gives the same cut-out when called twice at once", async () => {
    // A photo the model has not seen in this file (the coffee mirrored), so both calls run it.
    const buffer = await sharp(coffee.asset.buffer).flop().png().toBuffer();
    const image = { ...coffee.asset, buffer };
    const [first, second] = await Promise.all([timed({ image, background: { preset: "none" } }), timed({ image, background: { preset: "none" } })]);
    expect(first.buffer.equals(second.buffer)).toBe(true);
  });
});

describe("removeBackgroundLocal with a replacement background", () => {
  it.each(PRESETS)("puts the astronaut in front of the %s preset", async (preset) => {
    const { asset, border, centre, rgba } = astronaut;
    const result = await timed({ image: asset, background: { preset } });

    expect(result.contentType).toBe("image/png");
    expect([result.width, result.height]).toEqual([asset.width, asset.height]);
    const decoded = await decode(result);
    const whole = [{ left: 0, top: 0, width: asset.width, height: asset.height }];
    expect(alphaShare(decoded.rgba, whole, asset.width, (alpha) => alpha === 255)).toBe(1);

    // The studio wall is gone: the border now shows the landscape, the face is untouched.
    expect(colourDifference(decoded.rgba, rgba, border, asset.width)).toBeGreaterThan(25);
    expect(colourDifference(decoded.rgba, rgba, [centre], asset.width)).toBeLessThan(1);
    const backdrop = await sharp(await renderBackdrop(preset, asset.width, asset.height))
      .ensureAlpha()
      .raw()
      .toBuffer();
    expect(colourDifference(decoded.rgba, backdrop, border, asset.width)).toBeLessThan(3);
  });

  it("puts the coffee cup in front of a picture generated from a prompt", async () => {
    const { asset, border, centre, rgba } = coffee;
    const result = await timed({ image: asset, background: { prompt: "a starry night sky over a quiet city" } });

    expect([result.width, result.height]).toEqual([asset.width, asset.height]);
    const decoded = await decode(result);
    expect(decoded.format).toBe("png");
    const whole = [{ left: 0, top: 0, width: asset.width, height: asset.height }];
    expect(alphaShare(decoded.rgba, whole, asset.width, (alpha) => alpha === 255)).toBe(1);
    expect(colourDifference(decoded.rgba, rgba, border, asset.width)).toBeGreaterThan(25);
    expect(colourDifference(decoded.rgba, rgba, [centre], asset.width)).toBeLessThan(1);
  });
});

describe("renderBackdrop", () => {
  const size = { width: 240, height: 160 };
  const region = [{ left: 0, top: 0, ...size }];

  it("draws each preset as a detailed, repeatable picture of the requested size", async () => {
    for (const preset of PRESETS) {
      const png = await renderBackdrop(preset, size.width, size.height);
      const metadata = await sharp(png).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", size.width, size.height]);
      expect(png.equals(await renderBackdrop(preset, size.width, size.height))).toBe(true);
      // A landscape, not a flat fill: every channel varies across the picture.
      const { channels } = await sharp(png).stats();
      expect(Math.max(...channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(20);
    }
  });

  it("draws presets that look different from one another", async () => {
    const pictures = await Promise.all(
      PRESETS.map(async (preset) =>
        sharp(await renderBackdrop(preset, size.width, size.height))
          .ensureAlpha()
          .raw()
          .toBuffer(),
      ),
    );
    for (let i = 0; i < pictures.length; i += 1) {
      for (let j = i + 1; j < pictures.length; j += 1) {
        expect(colourDifference(pictures[i]!, pictures[j]!, region, size.width)).toBeGreaterThan(20);
      }
    }
  });
});
