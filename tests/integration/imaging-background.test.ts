// Local background removal's model and backdrops: the 88 MB model loads once, ahead of the first photo
// when asked, two calls at once give the same cut-out, and the preset backdrops are detailed,
// repeatable and distinct. How cleanly it cuts real photos is judged in tests/quality/background.test.ts
// (`npm run bench:quality`).
import sharp from "sharp";
import { renderBackdrop, type BackdropPreset } from "@/lib/imaging/local/backdrops";
import { removeBackgroundLocal } from "@/lib/imaging/local/remove-background";
import { warmBackgroundModel } from "@/lib/imaging/local/cutout";
import { colourDifference, photo } from "../fixtures/photo-pixels";

// The first call loads an 88 MB model; on a busy two-core machine inference takes seconds a photo.
jest.setTimeout(180_000);

const PRESETS: BackdropPreset[] = ["mountain", "forest", "ocean", "sunset"];

describe("removeBackgroundLocal", () => {
  it("loads the model ahead of the first photo", async () => {
    const started = performance.now();
    await warmBackgroundModel();
    const loadDuration = performance.now() - started;
    // Loaded once: a second warm-up finds it ready.
    const again = performance.now();
    await warmBackgroundModel();
    expect(performance.now() - again).toBeLessThan(loadDuration);
  });

  it("gives the same cut-out when called twice at once", async () => {
    const image = await photo("coffee.png");
    const [first, second] = await Promise.all([
      removeBackgroundLocal({ image, background: { preset: "none" } }),
      removeBackgroundLocal({ image, background: { preset: "none" } }),
    ]);
    expect(first.buffer.equals(second.buffer)).toBe(true);
  });
});

describe("renderBackdrop", () => {
  const size = { width: 240, height: 160 };
  const region = [{ left: 0, top: 0, ...size }];
  // Each preset drawn once for both tests; the first draws each again to see it repeat.
  const drawn = new Map<BackdropPreset, Buffer>();
  beforeAll(async () => {
    for (const preset of PRESETS) drawn.set(preset, await renderBackdrop(preset, size.width, size.height));
  });

  it("draws each preset as a detailed, repeatable picture of the requested size", async () => {
    for (const preset of PRESETS) {
      const png = drawn.get(preset)!;
      const metadata = await sharp(png).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["png", size.width, size.height]);
      expect(png.equals(await renderBackdrop(preset, size.width, size.height))).toBe(true);
      // A landscape, not a flat fill: every channel varies across the picture.
      const { channels } = await sharp(png).stats();
      expect(Math.max(...channels.slice(0, 3).map((channel) => channel.stdev))).toBeGreaterThan(20);
    }
  });

  it("draws presets that look different from one another", async () => {
    const pictures = await Promise.all(PRESETS.map(async (preset) => sharp(drawn.get(preset)!).ensureAlpha().raw().toBuffer()));
    for (let i = 0; i < pictures.length; i += 1) {
      for (let j = i + 1; j < pictures.length; j += 1) {
        expect(colourDifference(pictures[i]!, pictures[j]!, region, size.width)).toBeGreaterThan(20);
      }
    }
  });
});
