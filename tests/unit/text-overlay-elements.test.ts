// The text overlay's element model (spec §3) and its limits (spec §5): defaults, the only values each
// property may take, boxes kept inside the image, the editing states, and the full-resolution layout.
import {
  applyProperty,
  clampCentre,
  clampPercent,
  createTextElement,
  fitStage,
  FONT_FAMILIES,
  FONT_SIZE,
  FONT_WEIGHTS,
  moveWithinBounds,
  snapFontSize,
  TEXT_ALIGNS,
  TEXT_BACKGROUNDS,
  TEXT_COLORS,
  TEXT_DEFAULTS,
  TEXT_MAX_LENGTH,
} from "@/lib/text-overlay/elements";
import { layoutForExport, wrapLines } from "@/lib/text-overlay/layout";
import { initialOverlayState, overlayReducer, type OverlayAction } from "@/lib/text-overlay/state";

const element = () => createTextElement("t1", 50, 50);

describe("a new text element", () => {
  it("has the defaults of spec §3", () => {
    expect(element()).toEqual({
      id: "t1",
      x: 50,
      y: 50,
      text: "Add your text",
      color: "#ffffff",
      fontWeight: "bold",
      textAlign: "center",
      backgroundColor: "rgba(0,0,0,0.6)",
      fontSize: 24,
      fontFamily: "Arial",
      padding: 8,
      width: 200,
      height: 50,
    });
    expect(TEXT_DEFAULTS.text).toBe("Add your text");
  });

  it("takes the translated default text and keeps its position within 0–100%", () => {
    expect(createTextElement("a", 120, -5, "Tu texto")).toMatchObject({ text: "Tu texto", x: 100, y: 0 });
    expect(clampPercent(Number.NaN)).toBe(50);
  });
});

describe("the property limits of spec §5", () => {
  it("offers exactly the spec's colours, backgrounds, fonts, weights and alignments", () => {
    expect(TEXT_COLORS).toEqual(["#ffffff", "#000000", "#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff"]);
    expect(TEXT_BACKGROUNDS.map((background) => background.id)).toEqual(["none", "black", "white", "blue", "red"]);
    expect(TEXT_BACKGROUNDS.map((background) => background.value)).toEqual([
      "transparent",
      "rgba(0,0,0,0.6)",
      "rgba(255,255,255,0.8)",
      "rgba(0,0,255,0.8)",
      "rgba(255,0,0,0.8)",
    ]);
    expect(FONT_FAMILIES).toEqual(["Arial", "Helvetica", "Times New Roman", "Georgia", "Verdana", "Impact"]);
    expect(FONT_WEIGHTS).toEqual(["normal", "bold"]);
    expect(TEXT_ALIGNS).toEqual(["left", "center", "right"]);
    expect(FONT_SIZE).toEqual({ min: 12, max: 72, step: 2 });
  });

  it.each([
    [12, 12],
    [13, 14],
    [25, 26],
    [24, 24],
    [72, 72],
    [73, 72],
    [100, 72],
    [11, 12],
    [0, 12],
    [-8, 12],
  ])("snaps font size %d to %d", (input, expected) => {
    expect(snapFontSize(input)).toBe(expected);
    expect(applyProperty(element(), "fontSize", input).fontSize).toBe(expected);
  });

  it("accepts only the eight colours (any case) and refuses others", () => {
    for (const colour of TEXT_COLORS) expect(applyProperty(element(), "color", colour).color).toBe(colour);
    expect(applyProperty(element(), "color", "#FF0000").color).toBe("#ff0000");
    for (const bad of ["#123456", "red", "", 42, null]) expect(applyProperty(element(), "color", bad)).toEqual(element());
  });

  it("accepts the five backgrounds by id or value and refuses others", () => {
    expect(applyProperty(element(), "backgroundColor", "none").backgroundColor).toBe("transparent");
    expect(applyProperty(element(), "backgroundColor", "blue").backgroundColor).toBe("rgba(0,0,255,0.8)");
    expect(applyProperty(element(), "backgroundColor", "rgba(255,255,255,0.8)").backgroundColor).toBe("rgba(255,255,255,0.8)");
    expect(applyProperty(element(), "backgroundColor", "rgba(0,255,0,0.5)")).toEqual(element());
  });

  it("accepts only the six fonts, two weights and three alignments", () => {
    expect(applyProperty(element(), "fontFamily", "Impact").fontFamily).toBe("Impact");
    expect(applyProperty(element(), "fontFamily", "Comic Sans MS")).toEqual(element());
    expect(applyProperty(element(), "fontWeight", "normal").fontWeight).toBe("normal");
    expect(applyProperty(element(), "fontWeight", "600")).toEqual(element());
    expect(applyProperty(element(), "textAlign", "right").textAlign).toBe("right");
    expect(applyProperty(element(), "textAlign", "justify")).toEqual(element());
  });

  it("keeps the old text when an edit leaves it empty, and cuts very long text", () => {
    expect(applyProperty(element(), "text", "   ").text).toBe("Add your text");
    expect(applyProperty(element(), "text", "Hello").text).toBe("Hello");
    expect(applyProperty(element(), "text", "x".repeat(TEXT_MAX_LENGTH + 50)).text).toHaveLength(TEXT_MAX_LENGTH);
  });
});

describe("keeping a box inside the image", () => {
  const display = { width: 600, height: 400 };
  const box = { width: 200, height: 50 };

  it("stops the centre half a box from each edge", () => {
    expect(clampCentre(0, 200, 600)).toBeCloseTo(100 / 6);
    expect(clampCentre(100, 200, 600)).toBeCloseTo(100 - 100 / 6);
    expect(moveWithinBounds(element(), -20, 130, box, display)).toMatchObject({ x: expect.closeTo(100 / 6), y: expect.closeTo(100 - 6.25) });
    expect(moveWithinBounds(element(), 30, 40, box, display)).toMatchObject({ x: 30, y: 40 });
  });

  it("centres a box wider than the image, and never leaves 0–100%", () => {
    expect(clampCentre(10, 700, 600)).toBe(50);
    for (const [x, y] of [
      [-1e9, 1e9],
      [1e9, -1e9],
      [Number.NaN, 50],
    ] as const) {
      const moved = moveWithinBounds(element(), x, y, box, display);
      expect(moved.x).toBeGreaterThanOrEqual(0);
      expect(moved.x).toBeLessThanOrEqual(100);
      expect(moved.y).toBeGreaterThanOrEqual(0);
      expect(moved.y).toBeLessThanOrEqual(100);
    }
  });

  it("fits the stage in 600 by 400 with the image's aspect ratio", () => {
    expect(fitStage({ width: 1200, height: 400 })).toEqual({ width: 600, height: 200 });
    expect(fitStage({ width: 3000, height: 4000 })).toEqual({ width: 300, height: 400 });
    expect(fitStage({ width: 600, height: 400 })).toEqual({ width: 600, height: 400 });
    expect(fitStage({ width: 300, height: 200 })).toEqual({ width: 600, height: 400 });
  });
});

describe("the editing states of spec §4", () => {
  const place: OverlayAction = {
    type: "place",
    id: "a",
    x: 10,
    y: 50,
    text: "Add your text",
    box: { width: 200, height: 50 },
    display: { width: 600, height: 400 },
  };

  it("places a box only after Add Text, selects it and leaves placing", () => {
    expect(overlayReducer(initialOverlayState, place)).toBe(initialOverlayState);
    const placing = overlayReducer(initialOverlayState, { type: "startPlacing" });
    expect(placing.placing).toBe(true);
    const placed = overlayReducer(placing, place);
    expect(placed.placing).toBe(false);
    expect(placed.selectedId).toBe("a");
    // Placed near the left edge, the box is kept inside the image.
    expect(placed.elements[0]).toMatchObject({ id: "a", x: expect.closeTo(100 / 6), y: 50 });
  });

  it("edits, restyles, moves and removes", () => {
    let state = overlayReducer(overlayReducer(initialOverlayState, { type: "startPlacing" }), place);
    state = overlayReducer(state, { type: "edit", id: "a" });
    expect(state.editingId).toBe("a");
    state = overlayReducer(state, { type: "setProperty", id: "a", property: "text", value: "Sale" });
    state = overlayReducer(state, { type: "edit", id: null });
    expect([state.editingId, state.elements[0]?.text]).toEqual([null, "Sale"]);
    state = overlayReducer(state, { type: "setProperty", id: "a", property: "color", value: "#ff0000" });
    expect(state.elements[0]?.color).toBe("#ff0000");
    state = overlayReducer(state, { type: "move", id: "a", x: 80, y: 20, box: { width: 200, height: 50 }, display: { width: 600, height: 400 } });
    expect(state.elements[0]).toMatchObject({ x: 80, y: 20 });
    state = overlayReducer(state, { type: "remove", id: "a" });
    expect(state).toEqual({ elements: [], selectedId: null, editingId: null, placing: false });
  });
});

describe("the full-resolution layout", () => {
  // A monospaced stand-in for a canvas: every character is 0.5 em wide.
  const measure = (text: string, fontSize: number) => text.length * fontSize * 0.5;

  it("wraps at spaces, and inside a word only when it is wider than the box", () => {
    expect(wrapLines("one two three", 70, (text) => text.length * 10)).toEqual(["one two", "three"]);
    expect(wrapLines("abcdefghij", 40, (text) => text.length * 10)).toEqual(["abcd", "efgh", "ij"]);
    expect(wrapLines("a\nb", 100, (text) => text.length * 10)).toEqual(["a", "b"]);
  });

  it("scales position, box, font size and padding from the stage to the image", () => {
    const red = { ...createTextElement("r", 25, 50), text: "Hi", color: "#ff0000" as const };
    const box = layoutForExport(red, { width: 600, height: 400 }, { width: 1800, height: 1200 }, measure);
    expect(box).toMatchObject({
      fontSize: 72,
      padding: 24,
      width: 600,
      height: 150,
      left: 450 - 300,
      top: 600 - 75,
      lines: ["Hi"],
      textX: 450,
      textAlign: "center",
    });
    expect(box.lineYs[0]).toBeCloseTo(600);
  });

  it("grows the box to fit wrapped lines and aligns left or right inside the padding", () => {
    const long = { ...createTextElement("l", 50, 50), text: "aaaa bbbb cccc dddd", textAlign: "left" as const };
    const box = layoutForExport(long, { width: 600, height: 400 }, { width: 600, height: 400 }, measure);
    // 184 px inside the padding fits 15 characters of 12 px: two lines.
    expect(box.lines).toEqual(["aaaa bbbb cccc", "dddd"]);
    expect(box.height).toBeCloseTo(2 * 24 * 1.2 + 16);
    expect(box.textX).toBe(300 - 100 + 8);
    expect(layoutForExport({ ...long, textAlign: "right" }, { width: 600, height: 400 }, { width: 600, height: 400 }, measure).textX).toBe(300 + 100 - 8);
  });
});
