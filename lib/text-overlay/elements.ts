// The text overlay's element model (spec §3) and the only values its properties may take (spec §5):
// creating a text box with the defaults, keeping it inside the image, and applying a property change
// within the limits. Pure, so the editor, the full-resolution export and the tests share one truth.

export const FONT_SIZE = { min: 12, max: 72, step: 2 } as const;

export const TEXT_COLORS = ["#ffffff", "#000000", "#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff"] as const;
export type TextColor = (typeof TEXT_COLORS)[number];

/** The five backgrounds: none, and four translucent fills (black 0.6, the others 0.8). */
export const TEXT_BACKGROUNDS = [
  { id: "none", value: "transparent" },
  { id: "black", value: "rgba(0,0,0,0.6)" },
  { id: "white", value: "rgba(255,255,255,0.8)" },
  { id: "blue", value: "rgba(0,0,255,0.8)" },
  { id: "red", value: "rgba(255,0,0,0.8)" },
] as const;
export type TextBackgroundId = (typeof TEXT_BACKGROUNDS)[number]["id"];
export type TextBackground = (typeof TEXT_BACKGROUNDS)[number]["value"];

export const FONT_FAMILIES = ["Arial", "Helvetica", "Times New Roman", "Georgia", "Verdana", "Impact"] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const FONT_WEIGHTS = ["normal", "bold"] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

export const TEXT_ALIGNS = ["left", "center", "right"] as const;
export type TextAlign = (typeof TEXT_ALIGNS)[number];

/** Long enough for a caption or a short paragraph; beyond that a text box stops being one. */
export const TEXT_MAX_LENGTH = 500;

export interface TextElement {
  id: string;
  text: string;
  /** The box's centre, in percent of the image's width and height. */
  x: number;
  y: number;
  /** Display pixels, as are fontSize and padding; the export scales them to the image's size. */
  width: number;
  height: number;
  fontSize: number;
  fontFamily: FontFamily;
  color: TextColor;
  fontWeight: FontWeight;
  textAlign: TextAlign;
  backgroundColor: TextBackground;
  padding: number;
}

export const TEXT_DEFAULTS = {
  text: "Add your text",
  width: 200,
  height: 50,
  fontSize: 24,
  fontFamily: "Arial",
  color: "#ffffff",
  fontWeight: "bold",
  textAlign: "center",
  backgroundColor: "rgba(0,0,0,0.6)",
  padding: 8,
} as const satisfies Omit<TextElement, "id" | "x" | "y">;

export interface Size {
  width: number;
  height: number;
}

export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 50;
  return Math.min(100, Math.max(0, value));
}

/** A new text box centred on (x, y) percent; `text` is the translated default when given. */
export function createTextElement(id: string, x: number, y: number, text: string = TEXT_DEFAULTS.text): TextElement {
  return { id, ...TEXT_DEFAULTS, text, x: clampPercent(x), y: clampPercent(y) };
}

/** The nearest allowed font size: 12 to 72 in steps of 2. */
export function snapFontSize(value: number): number {
  if (!Number.isFinite(value)) return TEXT_DEFAULTS.fontSize;
  const steps = Math.round((value - FONT_SIZE.min) / FONT_SIZE.step);
  return Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, FONT_SIZE.min + steps * FONT_SIZE.step));
}

/**
 * The centre (percent) that keeps a box of `box` display pixels wholly inside a display of
 * `display` pixels; a box larger than the display is centred on it.
 */
export function clampCentre(value: number, box: number, display: number): number {
  if (display <= 0) return clampPercent(value);
  const half = (box / 2 / display) * 100;
  if (half >= 50) return 50;
  return Math.min(100 - half, Math.max(half, clampPercent(value)));
}

/** The element moved to (x, y) percent, kept inside the image given the box's rendered size. */
export function moveWithinBounds(element: TextElement, x: number, y: number, box: Size, display: Size): TextElement {
  return { ...element, x: clampCentre(x, box.width, display.width), y: clampCentre(y, box.height, display.height) };
}

export function isTextColor(value: unknown): value is TextColor {
  return typeof value === "string" && (TEXT_COLORS as readonly string[]).includes(value.toLowerCase());
}

export function backgroundValue(id: TextBackgroundId): TextBackground {
  return TEXT_BACKGROUNDS.find((background) => background.id === id)?.value ?? TEXT_DEFAULTS.backgroundColor;
}

export function backgroundId(value: string): TextBackgroundId | null {
  return TEXT_BACKGROUNDS.find((background) => background.value === value)?.id ?? null;
}

export type EditableProperty = "text" | "fontSize" | "fontFamily" | "color" | "fontWeight" | "textAlign" | "backgroundColor";

/**
 * The element with one property changed, within the spec's limits: a font size snaps into 12–72
 * in steps of 2; a colour, background, font, weight or alignment outside its list leaves the
 * element as it was; text is cut at TEXT_MAX_LENGTH and an empty text is refused.
 */
export function applyProperty(element: TextElement, property: EditableProperty, value: unknown): TextElement {
  switch (property) {
    case "text": {
      if (typeof value !== "string") return element;
      const text = value.slice(0, TEXT_MAX_LENGTH);
      return text.trim() ? { ...element, text } : element;
    }
    case "fontSize":
      return typeof value === "number" ? { ...element, fontSize: snapFontSize(value) } : element;
    case "color":
      return isTextColor(value) ? { ...element, color: value.toLowerCase() as TextColor } : element;
    case "backgroundColor": {
      const found = TEXT_BACKGROUNDS.find((background) => background.value === value || background.id === value);
      return found ? { ...element, backgroundColor: found.value } : element;
    }
    case "fontFamily":
      return (FONT_FAMILIES as readonly unknown[]).includes(value) ? { ...element, fontFamily: value as FontFamily } : element;
    case "fontWeight":
      return (FONT_WEIGHTS as readonly unknown[]).includes(value) ? { ...element, fontWeight: value as FontWeight } : element;
    case "textAlign":
      return (TEXT_ALIGNS as readonly unknown[]).includes(value) ? { ...element, textAlign: value as TextAlign } : element;
  }
}

/** Replaces one element in a list by id. */
export function replaceElement(elements: TextElement[], next: TextElement): TextElement[] {
  return elements.map((element) => (element.id === next.id ? next : element));
}

/**
 * The stage's display size (spec §9): the image scaled to fit 600 by 400 with its aspect ratio kept.
 * Small images are enlarged too, so a 200 px text box is never wider than the picture it sits on.
 */
export const STAGE_MAX = { width: 600, height: 400 } as const;

export function fitStage(image: Size, max: Size = STAGE_MAX): Size {
  if (image.width <= 0 || image.height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(max.width / image.width, max.height / image.height);
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}
