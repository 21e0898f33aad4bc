// A tap selection goes to removal grown by a few pixels (relative to the photo's size) and joined
// with whatever was painted, at the photo's own resolution, in either mask style.
import { isMarked, renderMask, type Size, type Stroke } from "@/lib/masks/paint";
import { growSelection, hasSelection, selectionFromRgba, selectionGrowth, selectionOverlay, type SelectionMask } from "@/lib/masks/selection";

function square(size: Size, left: number, top: number, side: number): SelectionMask {
  const bits = new Uint8Array(size.width * size.height);
  for (let y = top; y < top + side; y += 1) for (let x = left; x < left + side; x += 1) bits[y * size.width + x] = 1;
  return { ...size, bits };
}

const count = (bits: Uint8Array) => bits.reduce((sum, bit) => sum + bit, 0);

describe("growing a selection", () => {
  it("grows by about half a percent of the longest side, never less than 2 px", () => {
    expect(selectionGrowth({ width: 600, height: 400 })).toBe(3);
    expect(selectionGrowth({ width: 4000, height: 3000 })).toBe(20);
    expect(selectionGrowth({ width: 100, height: 80 })).toBe(2);
  });

  it("turns a 10 px square into a 16 px square when grown by 3, clipped at the image's edges", () => {
    const size = { width: 40, height: 30 };
    const grown = growSelection(square(size, 10, 10, 10), 3);
    expect(count(grown.bits)).toBe(16 * 16);
    expect(grown.bits[7 * 40 + 7]).toBe(1);
    expect(grown.bits[6 * 40 + 7]).toBe(0);
    expect(grown.bits[22 * 40 + 22]).toBe(1);
    expect(grown.bits[23 * 40 + 22]).toBe(0);
    const corner = growSelection(square(size, 0, 0, 2), 3);
    expect(count(corner.bits)).toBe(5 * 5);
  });
});

describe("reading and showing a selection", () => {
  it("reads a white-on-black mask's pixels as selected where they are at least half white", () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 127, 127, 127, 255, 128, 128, 128, 255]);
    const selection = selectionFromRgba(rgba, { width: 2, height: 2 });
    expect(Array.from(selection.bits)).toEqual([1, 0, 0, 1]);
    expect(hasSelection(selection)).toBe(true);
    expect(hasSelection({ width: 2, height: 2, bits: new Uint8Array(4) })).toBe(false);
    expect(hasSelection(null)).toBe(false);
  });

  it("colours only the selected pixels of the preview", () => {
    const overlay = selectionOverlay({ width: 2, height: 1, bits: Uint8Array.from([1, 0]) }, [239, 68, 68], 140);
    expect(Array.from(overlay)).toEqual([239, 68, 68, 140, 0, 0, 0, 0]);
  });
});

describe("the removal mask with a selection", () => {
  const size = { width: 600, height: 400 };
  const selection = square(size, 100, 100, 50);

  it("marks the selection grown by 3 px on a 600×400 photo, in both mask styles", () => {
    for (const style of ["black-on-white", "white-on-black"] as const) {
      const mask = renderMask([], size, style, selection);
      let marked = 0;
      for (let y = 0; y < size.height; y += 1) for (let x = 0; x < size.width; x += 1) if (isMarked(mask, x, y, style)) marked += 1;
      expect(marked).toBe(56 * 56);
      expect(isMarked(mask, 97, 97, style)).toBe(true);
      expect(isMarked(mask, 96, 97, style)).toBe(false);
    }
  });

  it("joins the selection with painted strokes", () => {
    const stroke: Stroke = { points: [{ x: 400, y: 300 }], width: 20, display: size };
    const mask = renderMask([stroke], size, "white-on-black", selection);
    expect(isMarked(mask, 120, 120, "white-on-black")).toBe(true);
    expect(isMarked(mask, 400, 300, "white-on-black")).toBe(true);
    expect(isMarked(mask, 300, 200, "white-on-black")).toBe(false);
  });

  it("samples a selection made at another size of the same photo", () => {
    const half = square({ width: 300, height: 200 }, 50, 50, 25);
    const mask = renderMask([], size, "black-on-white", half);
    expect(isMarked(mask, 110, 110, "black-on-white")).toBe(true);
    expect(isMarked(mask, 400, 300, "black-on-white")).toBe(false);
  });
});
