// The removal mask is what the user painted, at the photo's own resolution: display strokes scale
// to image pixels with their brush width, in either mask style, whatever pointer painted them.
import {
  displayToImageScale,
  imageBrushWidth,
  isMarked,
  rasterizeStrokes,
  renderMask,
  toImagePoint,
  type MaskPixels,
  type Size,
  type Stroke,
} from "@/lib/masks/paint";
import { initialPaintState, paintReducer, type PaintAction, type PointerSample, type PaintState } from "@/lib/masks/strokes";

const display: Size = { width: 400, height: 300 };
const image: Size = { width: 1600, height: 1200 };
const dot = (x: number, y: number, width = 20, on: Size = display): Stroke => ({ points: [{ x, y }], width, display: on });

/** Byte-for-byte equality; Jest's deep equality is slow on arrays of millions of elements. */
function samePixels(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

function markedCount(mask: MaskPixels, style: "black-on-white" | "white-on-black"): number {
  let count = 0;
  for (let y = 0; y < mask.height; y += 1) for (let x = 0; x < mask.width; x += 1) if (isMarked(mask, x, y, style)) count += 1;
  return count;
}

describe("display to image geometry", () => {
  it("maps a point at display (100,100) of a 400-wide display of a 1600-wide image to (400,400)", () => {
    expect(displayToImageScale(display, image)).toEqual({ x: 4, y: 4 });
    expect(toImagePoint({ x: 100, y: 100 }, display, image)).toEqual({ x: 400, y: 400 });
  });

  it("scales the brush with the photo: 20 px on screen is 80 px on a photo shown at a quarter, 100 px at a fifth", () => {
    expect(imageBrushWidth(20, display, image)).toBe(80);
    expect(imageBrushWidth(20, { width: 400, height: 300 }, { width: 2000, height: 1500 })).toBe(100);
    expect(imageBrushWidth(50, { width: 600, height: 400 }, { width: 600, height: 400 })).toBe(50);
  });
});

describe("rendering strokes into a mask at image resolution", () => {
  it("marks image pixels around (400,400) within the scaled 80 px brush, and nothing beyond", () => {
    const mask = renderMask([dot(100, 100)], image, "black-on-white");
    expect([mask.width, mask.height, mask.data.length]).toEqual([1600, 1200, 1600 * 1200 * 4]);
    expect(isMarked(mask, 400, 400, "black-on-white")).toBe(true);
    expect(isMarked(mask, 400 + 38, 400, "black-on-white")).toBe(true);
    expect(isMarked(mask, 400, 400 - 38, "black-on-white")).toBe(true);
    expect(isMarked(mask, 400 + 42, 400, "black-on-white")).toBe(false);
    expect(isMarked(mask, 400, 445, "black-on-white")).toBe(false);
    expect(isMarked(mask, 100, 100, "black-on-white")).toBe(false);
    // A disc of radius 40: about π·40² pixels.
    expect(Math.abs(markedCount(mask, "black-on-white") - Math.PI * 40 * 40)).toBeLessThan(150);
  });

  it("paints the object black on white for Object removal and white on black for Flux removal, opaque", () => {
    const blackOnWhite = renderMask([dot(100, 100)], image, "black-on-white");
    const whiteOnBlack = renderMask([dot(100, 100)], image, "white-on-black");
    const at = (mask: MaskPixels, x: number, y: number) => Array.from(mask.data.slice((y * mask.width + x) * 4, (y * mask.width + x) * 4 + 4));
    expect(at(blackOnWhite, 400, 400)).toEqual([0, 0, 0, 255]);
    expect(at(blackOnWhite, 10, 10)).toEqual([255, 255, 255, 255]);
    expect(at(whiteOnBlack, 400, 400)).toEqual([255, 255, 255, 255]);
    expect(at(whiteOnBlack, 10, 10)).toEqual([0, 0, 0, 255]);
    expect(isMarked(whiteOnBlack, 400, 400, "white-on-black")).toBe(true);
  });

  it("fills the whole path of a dragged stroke, as wide as the brush", () => {
    const line: Stroke = {
      points: [
        { x: 50, y: 150 },
        { x: 350, y: 150 },
      ],
      width: 20,
      display,
    };
    const mask = renderMask([line], image, "white-on-black");
    for (const x of [200, 600, 1000, 1400]) {
      expect([x, isMarked(mask, x, 600, "white-on-black")]).toEqual([x, true]);
      expect([x, isMarked(mask, x, 600 - 38, "white-on-black")]).toEqual([x, true]);
      expect([x, isMarked(mask, x, 600 + 42, "white-on-black")]).toEqual([x, false]);
    }
    expect(isMarked(mask, 1400 + 38, 600, "white-on-black")).toBe(true);
    expect(isMarked(mask, 1400 + 42, 600, "white-on-black")).toBe(false);
  });

  it("puts a stroke painted at another display size (the window resized) on the same image pixels", () => {
    const small = rasterizeStrokes([dot(100, 100, 20, { width: 400, height: 300 })], image);
    const large = rasterizeStrokes([dot(200, 200, 40, { width: 800, height: 600 })], image);
    expect(small.some((value) => value === 1)).toBe(true);
    expect(samePixels(large, small)).toBe(true);
  });

  it("is all background without strokes, and clips strokes at the image's edges", () => {
    expect(markedCount(renderMask([], { width: 40, height: 30 }, "black-on-white"), "black-on-white")).toBe(0);
    const corner = renderMask([dot(0, 0, 20, { width: 40, height: 30 })], { width: 40, height: 30 }, "black-on-white");
    expect(isMarked(corner, 0, 0, "black-on-white")).toBe(true);
    expect(markedCount(corner, "black-on-white")).toBeLessThan(Math.PI * 100);
  });
});

describe("painting with pointer events", () => {
  const box = { left: 20, top: 50, width: 400, height: 300 };
  const sample = (pointerType: string, clientX: number, clientY: number, pointerId = 1, isPrimary = true): PointerSample => ({
    pointerType,
    pointerId,
    isPrimary,
    clientX,
    clientY,
  });

  function paint(pointerType: string, pointerId: number): PaintState {
    const actions: PaintAction[] = [
      { type: "down", sample: sample(pointerType, 120, 150, pointerId), box, brush: 20 },
      { type: "move", sample: sample(pointerType, 170, 150, pointerId), box },
      { type: "move", sample: sample(pointerType, 220, 170, pointerId), box },
      { type: "up", sample: sample(pointerType, 220, 170, pointerId) },
    ];
    return actions.reduce(paintReducer, initialPaintState);
  }

  it("records the same strokes, in element coordinates, from a mouse, a finger and a pen", () => {
    const mouse = paint("mouse", 1);
    expect(mouse.strokes).toEqual([
      {
        points: [
          { x: 100, y: 100 },
          { x: 150, y: 100 },
          { x: 200, y: 120 },
        ],
        width: 20,
        display: { width: 400, height: 300 },
      },
    ]);
    expect(mouse.active).toBeNull();
    expect(paint("touch", 7).strokes).toEqual(mouse.strokes);
    expect(paint("pen", 3).strokes).toEqual(mouse.strokes);
    expect(samePixels(renderMask(paint("touch", 7).strokes, image, "black-on-white").data, renderMask(mouse.strokes, image, "black-on-white").data)).toBe(true);
  });

  it("ignores a second finger and moves of other pointers, and ends the stroke on its own pointer's release", () => {
    let state = paintReducer(initialPaintState, { type: "down", sample: sample("touch", 120, 150, 1), box, brush: 20 });
    state = paintReducer(state, { type: "down", sample: sample("touch", 300, 300, 2, false), box, brush: 20 });
    state = paintReducer(state, { type: "move", sample: sample("touch", 300, 310, 2, false), box });
    state = paintReducer(state, { type: "up", sample: sample("touch", 300, 310, 2, false) });
    expect(state.strokes).toHaveLength(1);
    expect(state.strokes[0]?.points).toEqual([{ x: 100, y: 100 }]);
    expect(state.active).not.toBeNull();
    state = paintReducer(state, { type: "up", sample: sample("touch", 120, 150, 1) });
    expect(state.active).toBeNull();
    // A move after release paints nothing.
    expect(paintReducer(state, { type: "move", sample: sample("touch", 200, 200, 1), box })).toBe(state);
  });

  it("a tap paints a dot of the brush, undo removes the last stroke and clear removes them all", () => {
    let state = paint("mouse", 1);
    state = paintReducer(state, { type: "down", sample: sample("touch", 320, 250, 4), box, brush: 30 });
    state = paintReducer(state, { type: "up", sample: sample("touch", 320, 250, 4) });
    expect(state.strokes).toHaveLength(2);
    const mask = renderMask(state.strokes.slice(1), image, "black-on-white");
    expect(isMarked(mask, 1200, 800, "black-on-white")).toBe(true);
    expect(isMarked(mask, 1200 + 58, 800, "black-on-white")).toBe(true);
    expect(isMarked(mask, 1200 + 62, 800, "black-on-white")).toBe(false);
    state = paintReducer(state, { type: "undo" });
    expect(state.strokes).toEqual(paint("mouse", 1).strokes);
    expect(paintReducer(state, { type: "clear" })).toEqual(initialPaintState);
  });

  it("does not start a stroke on an element that has no size yet", () => {
    expect(paintReducer(initialPaintState, { type: "down", sample: sample("mouse", 10, 10), box: { left: 0, top: 0, width: 0, height: 0 }, brush: 20 })).toBe(
      initialPaintState,
    );
  });
});
