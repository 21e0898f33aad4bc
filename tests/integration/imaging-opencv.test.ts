// The local OpenCV engine on real photos: object removal reads a mask of either style and any size,
// refuses an empty one and keeps a photo's transparency; a cartoon is the same for the same request,
// reads a style described in words, and keeps transparency. How good the results look is judged in
// tests/quality/opencv.test.ts (`npm run bench:quality`).
import sharp from "sharp";
import { assetFromEncoded, decodeRgba } from "@/lib/imaging/asset";
import { UnprocessableImageError } from "@/lib/imaging/errors";
import { cartoonizeLocal, styleForText } from "@/lib/imaging/local/cartoon";
import { inpaintGeometry, inpaintLocal } from "@/lib/imaging/local/inpaint";
import type { CartoonLook, MaskStyle } from "@/lib/imaging/types";
import { assetFromRgba, changedPixels, circleMask, photo } from "../fixtures/photo-pixels";

// The fill's work grows with the hole: discs of 16 to 20 pixels show how a mask is read as well as
// larger ones, and are still far wider than the thin strokes left to diffusion.
describe("inpaintLocal (OpenCV object removal)", () => {
  const cases = [
    { name: "coffee.png", circle: { cx: 365, cy: 283, r: 16 } },
    { name: "astronaut.png", circle: { cx: 175, cy: 385, r: 16 } },
  ];

  describe.each(cases)("$name", ({ name, circle }) => {
    it("reads both mask styles the same way", async () => {
      const image = await photo(name);
      const { width, height } = image;
      const blackOnWhite = await inpaintLocal({ image, mask: await circleMask(width, height, circle, "black-on-white"), maskStyle: "black-on-white" });
      const whiteOnBlack = await inpaintLocal({ image, mask: await circleMask(width, height, circle, "white-on-black"), maskStyle: "white-on-black" });
      expect((await decodeRgba(blackOnWhite)).data.equals((await decodeRgba(whiteOnBlack)).data)).toBe(true);
    });
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
    const halfCircle = { cx: 365 / 2, cy: 283 / 2, r: 20 / 2 };
    const mask = await circleMask(300, 200, halfCircle, "black-on-white");
    const after = await decodeRgba(await inpaintLocal({ image, mask, maskStyle: "black-on-white" }));
    const circle = { cx: 365, cy: 283, r: 20 };
    const changed = changedPixels(before, after, circle, circle.r + inpaintGeometry(600, 400).dilation + 2);
    expect(changed.outside).toBe(0);
    expect(changed.inside).toBeGreaterThan(Math.PI * circle.r * circle.r * 0.5);
  });

  it("keeps a translucent photo's alpha outside the mask and continues it inside", async () => {
    const opaque = await decodeRgba(await photo("coffee.png"));
    const translucent = { ...opaque, data: Buffer.from(opaque.data) };
    for (let i = 3; i < translucent.data.length; i += 4) translucent.data[i] = 128;
    const circle = { cx: 365, cy: 283, r: 20 };
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
  // The coffee photo at half size: every filter's cost grows with the pixels, and sameness, the
  // style chosen and the alpha kept do not depend on them.
  const smallCoffee = async () =>
    assetFromEncoded(
      await sharp((await photo("coffee.png")).buffer)
        .resize(300, 200)
        .png()
        .toBuffer(),
    );

  it("renders the same picture for the same request", async () => {
    const image = await smallCoffee();
    const [first, again] = [await cartoonizeLocal({ image, style: "cartoon" }), await cartoonizeLocal({ image, style: "cartoon" })];
    expect((await decodeRgba(again)).data.equals((await decodeRgba(first)).data)).toBe(true);
  });

  it("renders a custom style text as its closest preset", async () => {
    const image = await smallCoffee();
    const custom = await decodeRgba(await cartoonizeLocal({ image, style: null, customStyle: "A Japanese manga panel" }));
    expect(custom.data.equals((await decodeRgba(await cartoonizeLocal({ image, style: "anime" }))).data)).toBe(true);
  });

  it("keeps transparency", async () => {
    const opaque = await decodeRgba(await smallCoffee());
    const cutOut = { ...opaque, data: Buffer.from(opaque.data) };
    for (let y = 0; y < cutOut.height; y++) {
      for (let x = 0; x < cutOut.width; x++) cutOut.data[(y * cutOut.width + x) * 4 + 3] = x < 100 ? 0 : x < 150 ? 90 : 255;
    }
    const output = await decodeRgba(await cartoonizeLocal({ image: await assetFromRgba(cutOut), style: "retro" }));
    for (let i = 3; i < output.data.length; i += 4) {
      if (output.data[i] !== cutOut.data[i]) throw new Error(`alpha changed at byte ${i}: ${cutOut.data[i]} → ${output.data[i]}`);
    }
  });
});

describe("styleForText", () => {
  it.each<[string, CartoonLook]>([
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
