// The local OpenCV engine on real photos, checked pixel by pixel: object removal changes only the
// grown mask and really erases what was painted; the six cartoon looks differ clearly from each other.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { assetFromEncoded, decodeRgba, type RgbaPixels } from "@/lib/imaging/asset";
import { UnprocessableImageError } from "@/lib/imaging/errors";
import { cartoonizeLocal, styleForText } from "@/lib/imaging/local/cartoon";
import { inpaintGeometry, inpaintLocal } from "@/lib/imaging/local/inpaint";
import { CARTOON_STYLES, type CartoonStyle, type ImageAsset, type MaskStyle } from "@/lib/imaging/types";

const PHOTOS = path.join(process.cwd(), "tests/fixtures/photos");

async function photo(name: string): Promise<ImageAsset> {
  return assetFromEncoded(readFileSync(path.join(PHOTOS, name)));
}

async function assetFromRgba(pixels: RgbaPixels): Promise<ImageAsset> {
  return assetFromEncoded(
    await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

/** A mask with one painted disc, drawn the way the given tool paints it. */
async function circleMask(width: number, height: number, circle: Circle, style: MaskStyle): Promise<ImageAsset> {
  const [background, paint] = style === "black-on-white" ? ["white", "black"] : ["black", "white"];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><circle cx="${circle.cx}" cy="${circle.cy}" r="${circle.r}" fill="${paint}"/></svg>`;
  return assetFromEncoded(await sharp(Buffer.from(svg)).png().toBuffer());
}

interface Circle {
  cx: number;
  cy: number;
  r: number;
}

function distance(x: number, y: number, circle: Circle): number {
  return Math.hypot(x + 0.5 - circle.cx, y + 0.5 - circle.cy);
}

/** Mean absolute RGB difference over the pixels `where` accepts. */
function meanAbsDiff(a: RgbaPixels, b: RgbaPixels, where: (x: number, y: number) => boolean = () => true): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!where(x, y)) continue;
      const i = (y * a.width + x) * 4;
      sum += Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!);
      count += 3;
    }
  }
  return sum / count;
}

/** Pixels (RGBA, any channel) that differ, split by whether they lie within `radius` of the circle's centre. */
function changedPixels(before: RgbaPixels, after: RgbaPixels, circle: Circle, radius: number) {
  let inside = 0;
  let outside = 0;
  let farthest = 0;
  for (let y = 0; y < before.height; y++) {
    for (let x = 0; x < before.width; x++) {
      const i = (y * before.width + x) * 4;
      if (before.data.readUInt32BE(i) === after.data.readUInt32BE(i)) continue;
      const d = distance(x, y, circle);
      farthest = Math.max(farthest, d);
      if (d <= radius) inside++;
      else outside++;
    }
  }
  return { inside, outside, farthest };
}

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

    it("reads both mask styles the same way", async () => {
      const image = await photo(name);
      const { width, height } = image;
      const blackOnWhite = await inpaintLocal({ image, mask: await circleMask(width, height, circle, "black-on-white"), maskStyle: "black-on-white" });
      const whiteOnBlack = await inpaintLocal({ image, mask: await circleMask(width, height, circle, "white-on-black"), maskStyle: "white-on-black" });
      expect((await decodeRgba(blackOnWhite)).data.equals((await decodeRgba(whiteOnBlack)).data)).toBe(true);
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

  it.each<[MaskStyle, string]>([
    ["black-on-white", "white"],
    ["white-on-black", "black"],
  ])("rejects a %s mask with nothing painted", async (maskStyle, background) => {
    const image = await photo("coffee.png");
    const mask = await assetFromEncoded(
      await sharp({ create: { width: 600, height: 400, channels: 3, background } })
        .png()
        .toBuffer(),
    );
    const attempt = inpaintLocal({ image, mask, maskStyle });
    await expect(attempt).rejects.toBeInstanceOf(UnprocessableImageError);
    await expect(attempt).rejects.toThrow("The mask marks nothing to remove.");
  });

  it("scales a mask of another size to the photo", async () => {
    const image = await photo("coffee.png");
    const before = await decodeRgba(image);
    const halfCircle = { cx: 365 / 2, cy: 283 / 2, r: 38 / 2 };
    const mask = await circleMask(300, 200, halfCircle, "black-on-white");
    const after = await decodeRgba(await inpaintLocal({ image, mask, maskStyle: "black-on-white" }));
    const circle = { cx: 365, cy: 283, r: 38 };
    const changed = changedPixels(before, after, circle, circle.r + inpaintGeometry(600, 400).dilation + 2);
    expect(changed.outside).toBe(0);
    expect(changed.inside).toBeGreaterThan(Math.PI * circle.r * circle.r * 0.5);
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

  it("keeps a translucent photo's alpha outside the mask and continues it inside", async () => {
    const opaque = await decodeRgba(await photo("coffee.png"));
    const translucent = { ...opaque, data: Buffer.from(opaque.data) };
    for (let i = 3; i < translucent.data.length; i += 4) translucent.data[i] = 128;
    const circle = { cx: 365, cy: 283, r: 38 };
    const after = await decodeRgba(
      await inpaintLocal({ image: await assetFromRgba(translucent), mask: await circleMask(600, 400, circle, "black-on-white"), maskStyle: "black-on-white" }),
    );
    let alphaOff = 0;
    for (let i = 3; i < after.data.length; i += 4) if (Math.abs(after.data[i]! - 128) > 1) alphaOff++;
    expect(alphaOff).toBe(0);
    expect(changedPixels(translucent, after, circle, circle.r + inpaintGeometry(600, 400).dilation + 1).outside).toBe(0);
  });
});

describe("cartoonizeLocal (OpenCV cartoon styles)", () => {
  const rendered = new Map<string, Map<CartoonStyle, RgbaPixels>>();

  beforeAll(async () => {
    for (const name of ["astronaut.png", "coffee.png"]) {
      const image = await photo(name);
      const styles = new Map<CartoonStyle, RgbaPixels>();
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

  it("renders the same picture for the same request", async () => {
    const again = await decodeRgba(await cartoonizeLocal({ image: await photo("coffee.png"), style: "cartoon" }));
    expect(again.data.equals(rendered.get("coffee.png")!.get("cartoon")!.data)).toBe(true);
  });

  it("renders a custom style text as its closest preset", async () => {
    const image = await photo("coffee.png");
    const custom = await decodeRgba(await cartoonizeLocal({ image, style: null, customStyle: "A Japanese manga panel" }));
    expect(custom.data.equals(rendered.get("coffee.png")!.get("anime")!.data)).toBe(true);
  });

  it("keeps transparency", async () => {
    const opaque = await decodeRgba(await photo("coffee.png"));
    const cutOut = { ...opaque, data: Buffer.from(opaque.data) };
    for (let y = 0; y < cutOut.height; y++) {
      for (let x = 0; x < cutOut.width; x++) cutOut.data[(y * cutOut.width + x) * 4 + 3] = x < 200 ? 0 : x < 300 ? 90 : 255;
    }
    const output = await decodeRgba(await cartoonizeLocal({ image: await assetFromRgba(cutOut), style: "retro" }));
    for (let i = 3; i < output.data.length; i += 4) {
      if (output.data[i] !== cutOut.data[i]) throw new Error(`alpha changed at byte ${i}: ${cutOut.data[i]} → ${output.data[i]}`);
    }
  });
});

describe("styleForText", () => {
  it.each<[string, CartoonStyle]>([
    ["manga", "anime"],
    ["A Japanese manga panel", "anime"],
    ["like a Pixar movie", "3d"],
    ["photoreal 3D render", "3d"],
    ["vintage comic from the 50s", "retro"],
    ["1950s magazine ad", "retro"],
    ["Studio Ghibli", "studio"],
    ["soft watercolor", "studio"],
    ["hand-painted storybook", "studio"],
    ["plasticine figures", "clay"],
    ["Claymation", "clay"],
    ["Simpsons cartoon", "cartoon"],
    ["something nice", "cartoon"],
    ["", "cartoon"],
  ])("maps %j to %s", (text, style) => {
    expect(styleForText(text)).toBe(style);
  });
});

function meanOf(pixels: RgbaPixels, where: (x: number, y: number) => boolean, value: (r: number, g: number, b: number) => number): number {
  let sum = 0;
  let count = 0;
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      if (!where(x, y)) continue;
      const i = (y * pixels.width + x) * 4;
      sum += value(pixels.data[i]!, pixels.data[i + 1]!, pixels.data[i + 2]!);
      count++;
    }
  }
  return sum / count;
}
