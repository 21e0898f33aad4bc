// How well the local OpenCV engine does on real photos, judged pixel by pixel: object removal really
// erases what was painted, on small and 3.8 MP photos alike, and the six cartoon looks differ clearly
// from the photo and from each other. Run by `npm run bench:quality`; what each call promises (sizes,
// formats, masks read either way, nothing outside the mask touched) is in
// tests/integration/imaging-opencv.test.ts.
import path from "node:path";
import sharp from "sharp";
import { assetFromEncoded, decodeRgba, type RgbaPixels } from "@/lib/imaging/asset";
import { cartoonizeLocal } from "@/lib/imaging/local/cartoon";
import { inpaintGeometry, inpaintLocal } from "@/lib/imaging/local/inpaint";
import { CARTOON_STYLES, type CartoonLook, type MaskStyle } from "@/lib/imaging/types";
import { assetFromRgba, changedPixels, circleMask, distance, meanAbsDiff, meanOf, photo, PHOTOS } from "../fixtures/photo-pixels";

describe("inpaintLocal (OpenCV object removal)", () => {
  // The spoon (bright metal on the red saucer) and the astronaut's mission patch: objects with
  // strong detail, so a fill that did nothing or too little would show.
  const cases = [
    { name: "coffee.png", circle: { cx: 365, cy: 283, r: 38 } },
    { name: "astronaut.png", circle: { cx: 175, cy: 385, r: 42 } },
  ];

  describe.each(cases)("$name", ({ name, circle }) => {
    it.each<MaskStyle>(["black-on-white", "white-on-black"])("with a %s mask changes only the grown mask, and changes it a lot", async (maskStyle) => {
      const image = await photo(name);
      const before = await decodeRgba(image);
      const mask = await circleMask(before.width, before.height, circle, maskStyle);

      const result = await inpaintLocal({ image, mask, maskStyle });
      expect(result.contentType).toBe("image/png");
      expect((await sharp(result.buffer).metadata()).format).toBe("png");
      expect([result.width, result.height]).toEqual([before.width, before.height]);
      const after = await decodeRgba(result);
      expect([after.width, after.height]).toEqual([before.width, before.height]);

      const { dilation } = inpaintGeometry(before.width, before.height);
      // One pixel of slack for the anti-aliased edge of the SVG circle.
      const grown = circle.r + dilation + 1;
      const changed = changedPixels(before, after, circle, grown);
      expect(changed.outside).toBe(0);
      // The mask really was grown: pixels beyond the painted edge were filled too.
      expect(changed.farthest).toBeGreaterThan(circle.r + 1);
      expect(changed.inside).toBeGreaterThan(Math.PI * circle.r * circle.r * 0.5);
      // Mean absolute difference inside the painted disc: the object is replaced, not retouched.
      expect(meanAbsDiff(before, after, (x, y) => distance(x, y, circle) <= circle.r)).toBeGreaterThan(20);
    });
  });

  it("erases a bright red square painted onto the coffee photo", async () => {
    const original = await decodeRgba(await photo("coffee.png"));
    const square = { x0: 505, y0: 280, x1: 565, y1: 340 };
    const inSquare = (x: number, y: number) => x >= square.x0 && x < square.x1 && y >= square.y0 && y < square.y1;
    const painted = { ...original, data: Buffer.from(original.data) };
    const maskBytes = Buffer.alloc(original.width * original.height);
    for (let y = square.y0; y < square.y1; y++) {
      for (let x = square.x0; x < square.x1; x++) {
        painted.data.set([235, 10, 10, 255], (y * original.width + x) * 4);
        maskBytes[y * original.width + x] = 255;
      }
    }
    const mask = await assetFromEncoded(
      await sharp(maskBytes, { raw: { width: original.width, height: original.height, channels: 1 } })
        .png()
        .toBuffer(),
    );

    const after = await decodeRgba(await inpaintLocal({ image: await assetFromRgba(painted), mask, maskStyle: "white-on-black" }));

    // The wood around the square, beyond the grown mask: what the fill should resemble.
    const margin = inpaintGeometry(original.width, original.height).dilation + 2;
    const inRing = (x: number, y: number) =>
      !(x >= square.x0 - margin && x < square.x1 + margin && y >= square.y0 - margin && y < square.y1 + margin) &&
      x >= square.x0 - margin - 15 &&
      x < square.x1 + margin + 15 &&
      y >= square.y0 - margin - 15 &&
      y < square.y1 + margin + 15;
    const redDominance = (pixels: RgbaPixels, where: (x: number, y: number) => boolean) => meanOf(pixels, where, (r, g, b) => r - Math.max(g, b));
    const surroundings = redDominance(after, inRing);
    const excessBefore = redDominance(painted, inSquare) - surroundings;
    const excessAfter = redDominance(after, inSquare) - surroundings;
    expect(excessBefore).toBeGreaterThan(100);
    expect(excessAfter).toBeLessThan(excessBefore * 0.15);

    // And in every channel the region now sits near the colour of its surroundings.
    const ringColour = [0, 1, 2].map((c) => meanOf(after, inRing, (...rgb) => rgb[c]!));
    const offBy = (pixels: RgbaPixels) => [0, 1, 2].reduce((sum, c) => sum + Math.abs(meanOf(pixels, inSquare, (...rgb) => rgb[c]!) - ringColour[c]!), 0);
    expect(offBy(after)).toBeLessThan(offBy(painted) * 0.2);
  });

  it("fills a large object in a 3.8 MP photo on a reduced copy, still only inside the mask", async () => {
    const image = await assetFromEncoded(await sharp(path.join(PHOTOS, "coffee.png")).resize(2400, 1600).png().toBuffer());
    const before = await decodeRgba(image);
    const circle = { cx: 1460, cy: 1130, r: 300 };
    const mask = await circleMask(2400, 1600, circle, "white-on-black");
    const result = await inpaintLocal({ image, mask, maskStyle: "white-on-black" });
    expect([result.width, result.height]).toEqual([2400, 1600]);
    const after = await decodeRgba(result);
    const changed = changedPixels(before, after, circle, circle.r + inpaintGeometry(2400, 1600).dilation + 1);
    expect(changed.outside).toBe(0);
    expect(meanAbsDiff(before, after, (x, y) => distance(x, y, circle) <= circle.r)).toBeGreaterThan(20);
  }, 120_000);
});

describe("cartoonizeLocal (OpenCV cartoon styles)", () => {
  const rendered = new Map<string, Map<CartoonLook, RgbaPixels>>();

  beforeAll(async () => {
    for (const name of ["astronaut.png", "coffee.png"]) {
      const image = await photo(name);
      const styles = new Map<CartoonLook, RgbaPixels>();
      for (const style of CARTOON_STYLES) {
        const result = await cartoonizeLocal({ image, style });
        expect(result.contentType).toBe("image/png");
        expect([result.width, result.height]).toEqual([image.width, image.height]);
        styles.set(style, await decodeRgba(result));
      }
      rendered.set(name, styles);
    }
  }, 60_000);

  /*
   * Why 15 (mean absolute RGB difference, 0–255): on these photos a clearly visible global edit
   * (saturation +20 % and brightness +5 %) measures 7.6–9.7, a JPEG quality-80 round trip 2.9–3.7
   * and a 1.5 px blur 5.1–5.6. Requiring about twice a visible colour grade means two styles cannot
   * pass as one look with tweaked colours. The six measured 21–45 apart, 19–36 from the photo.
   */
  const VISIBLY_DIFFERENT = 15;

  it.each(["astronaut.png", "coffee.png"])("renders six looks of %s that each differ visibly from the photo", async (name) => {
    const input = await decodeRgba(await photo(name));
    const tooClose: string[] = [];
    for (const style of CARTOON_STYLES) {
      const output = rendered.get(name)!.get(style)!;
      expect([output.width, output.height]).toEqual([input.width, input.height]);
      const difference = meanAbsDiff(output, input);
      if (difference <= VISIBLY_DIFFERENT) tooClose.push(`${style}: ${difference.toFixed(1)}`);
    }
    expect(tooClose).toEqual([]);
  });

  it.each(["astronaut.png", "coffee.png"])("renders six looks of %s that differ visibly from each other", (name) => {
    const styles = rendered.get(name)!;
    const tooClose: string[] = [];
    for (let i = 0; i < CARTOON_STYLES.length; i++) {
      for (let j = i + 1; j < CARTOON_STYLES.length; j++) {
        const a = CARTOON_STYLES[i]!;
        const b = CARTOON_STYLES[j]!;
        const difference = meanAbsDiff(styles.get(a)!, styles.get(b)!);
        if (difference <= VISIBLY_DIFFERENT) tooClose.push(`${a}/${b}: ${difference.toFixed(1)}`);
      }
    }
    expect(tooClose).toEqual([]);
  });
});
