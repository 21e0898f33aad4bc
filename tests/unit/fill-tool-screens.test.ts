// The maths the expand and product photo screens draw before anything runs, which must be the
// server's: the frame an aspect gives, where the photo sits in it, where the product lands on a
// marketplace canvas (moved and scaled), and the forms the screens send.
import { addsNothing, expandedFrame, expandForm, marginsOfChoice, NO_MARGINS } from "@/components/tools/expand/expand-choice";
import { canvasOf, clampOffset, INITIAL_PRODUCT_CHOICE, productForm } from "@/components/tools/product-photo/product-choice";
import { expandedSize, marginsForAspect, photoPlacement } from "@/lib/imaging/expand-frame";
import { productPlacement } from "@/lib/imaging/product-presets";

const file = new File([new Uint8Array([1, 2, 3])], "photo.png", { type: "image/png" });
const fields = (form: FormData) => Object.fromEntries([...form.entries()].filter(([name]) => name !== "image"));

describe("the expand frame", () => {
  it.each([
    ["16:9", { width: 400, height: 300 }, { top: 0, right: 67, bottom: 0, left: 66 }],
    ["9:16", { width: 400, height: 300 }, { top: 205, right: 0, bottom: 206, left: 0 }],
    ["1:1", { width: 100, height: 80 }, { top: 10, right: 0, bottom: 10, left: 0 }],
    ["4:5", { width: 100, height: 80 }, { top: 22, right: 0, bottom: 23, left: 0 }],
    ["3:2", { width: 120, height: 120 }, { top: 0, right: 30, bottom: 0, left: 30 }],
  ])("grows to %s by adding the missing pixels split between opposite sides", (aspect, size, margins) => {
    expect(marginsForAspect(size, aspect)).toEqual(margins);
    const frame = expandedSize(size, margins);
    const [across, down] = aspect.split(":").map(Number) as [number, number];
    expect(Math.abs(frame.width / frame.height - across / down)).toBeLessThan(0.01);
  });

  it("places the photo inside the frame as shares of the frame, for an overlay of any size", () => {
    const margins = marginsForAspect({ width: 400, height: 300 }, "16:9");
    const place = photoPlacement({ width: 400, height: 300 }, margins);
    expect(place.left).toBeCloseTo(66 / 533);
    expect(place.width).toBeCloseTo(400 / 533);
    expect([place.top, place.height]).toEqual([0, 1]);
  });

  it("says when a frame adds nothing: the photo already has that aspect, or no side grows", () => {
    expect(expandedFrame({ frame: "1:1", sides: NO_MARGINS }, { width: 500, height: 500 })).toBeNull();
    expect(addsNothing(marginsOfChoice({ frame: "custom", sides: NO_MARGINS }, { width: 10, height: 10 }))).toBe(true);
    expect(expandedFrame({ frame: "custom", sides: { ...NO_MARGINS, left: 40 } }, { width: 100, height: 50 })).toEqual({ width: 140, height: 50 });
  });

  it("sends an aspect alone, or only the sides that grow, and the prompt when there is one", () => {
    expect(fields(expandForm(file, { frame: "4:5", sides: { top: 9, right: 9, bottom: 9, left: 9 }, prompt: "  " }))).toEqual({ aspect: "4:5" });
    expect(fields(expandForm(file, { frame: "custom", sides: { top: 0, right: 120, bottom: 0, left: 8 }, prompt: " a sandy beach " }))).toEqual({
      right: "120",
      left: "8",
      prompt: "a sandy beach",
    });
  });
});

describe("the product placement", () => {
  const product = { width: 300, height: 200 };
  const canvas = { width: 1000, height: 1000 };

  it("fits the product inside the border and centres it", () => {
    expect(productPlacement(product, canvas, 10)).toEqual({ left: 100, top: 234, width: 800, height: 533 });
  });

  it("scales from the fitting size, but never past the canvas", () => {
    expect(productPlacement(product, canvas, 10, { scale: 0.5 })).toEqual({ left: 300, top: 367, width: 400, height: 267 });
    expect(productPlacement(product, canvas, 10, { scale: 2 })).toMatchObject({ left: 0, width: 1000 });
  });

  it("moves the product by a share of the canvas and keeps it wholly on the canvas", () => {
    expect(productPlacement(product, canvas, 10, { scale: 0.5, offsetX: -20, offsetY: 10 })).toEqual({ left: 100, top: 467, width: 400, height: 267 });
    expect(productPlacement(product, canvas, 10, { offsetX: 50, offsetY: -50 })).toEqual({ left: 200, top: 0, width: 800, height: 533 });
  });

  it("keeps offsets within the call's limits, to one decimal", () => {
    expect([clampOffset(73), clampOffset(-51), clampOffset(12.345)]).toEqual([50, -50, 12.3]);
  });

  it("sends the preset's settings, a custom canvas only for custom, and a placement only when it was changed", () => {
    expect(fields(productForm(file, INITIAL_PRODUCT_CHOICE))).toEqual({ preset: "amazon", background: "white", shadow: "none", margin: "7.5" });
    const custom = {
      ...INITIAL_PRODUCT_CHOICE,
      preset: "custom" as const,
      width: 640,
      height: 360,
      background: { kind: "colour" as const, colour: "#1E90FF" },
      shadow: "soft" as const,
      offsetX: -12.5,
      scale: 0.8,
    };
    expect(fields(productForm(file, custom))).toEqual({
      preset: "custom",
      width: "640",
      height: "360",
      background: "#1e90ff",
      shadow: "soft",
      margin: "7.5",
      offsetX: "-12.5",
      scale: "0.8",
    });
    expect(canvasOf(custom)).toEqual({ width: 640, height: 360 });
    expect(canvasOf({ ...custom, preset: "etsy" })).toEqual({ width: 2700, height: 2025 });
  });
});
