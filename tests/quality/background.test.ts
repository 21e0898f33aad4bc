// How well local background removal does on real photos: the real medium model cuts the subject out
// cleanly (the wall and table gone, the face and the crema kept, the colours untouched), and the
// preset landscapes or a generated picture show through where the background was. Run by `npm run
// bench:quality`; tests/integration/imaging-background.test.ts covers the model's loading and calls at once.
import sharp from "sharp";
import { renderBackdrop, type BackdropPreset } from "@/lib/imaging/local/backdrops";
import { removeBackgroundLocal } from "@/lib/imaging/local/remove-background";
import type { Background, ImageAsset } from "@/lib/imaging/types";
import { colourDifference, photo, pixelsOf, type Region } from "../fixtures/photo-pixels";

// The first call loads an 88 MB model; on a busy two-core machine inference takes seconds a photo.
jest.setTimeout(180_000);

const PRESETS: BackdropPreset[] = ["mountain", "forest", "ocean", "sunset"];

interface Photo {
  asset: ImageAsset;
  rgba: Buffer;
  /** Plain background in the photo, away from the subject. */
  border: Region[];
  /** Well inside the subject. */
  centre: Region;
}

async function loadPhoto(file: string, border: Region[], centre: Region): Promise<Photo> {
  const asset = await photo(file);
  const rgba = await sharp(asset.buffer).ensureAlpha().raw().toBuffer();
  return { asset, rgba, border, centre };
}

async function decode(asset: ImageAsset): Promise<{ rgba: Buffer; width: number; height: number; format: string | undefined }> {
  const { data, info } = await sharp(asset.buffer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { format } = await sharp(asset.buffer).metadata();
  return { rgba: data, width: info.width, height: info.height, format };
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

const durations: number[] = [];

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
  console.info(`background removal calls (the first loads the model): ${durations.map(Math.round).join(", ")} ms`);
});

describe("removeBackgroundLocal with no background", () => {
  it.each([
    ["astronaut", () => astronaut],
    ["coffee", () => coffee],
  ])("leaves the %s on a transparent PNG of the photo's size", async (_name, subject) => {
    const { asset, border, centre, rgba } = subject();
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
    expect(colourDifference(decoded.rgba, rgba, [centre], asset.width)).toBeLessThan(1);
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
