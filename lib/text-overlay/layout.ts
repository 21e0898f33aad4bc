// Where a text box and its lines land in the full-resolution export: positions, box size, font size
// and padding scaled from the on-screen stage to the image's own pixels, and the text wrapped the way
// the stage wraps it (words, then characters for a word wider than the box). Pure: measuring text is
// passed in, so the browser uses a canvas and tests use a fixed-width font.
import type { FontFamily, Size, TextAlign, TextElement } from "./elements";

/** The stage's line height, as a multiple of the font size. */
export const LINE_HEIGHT = 1.2;

const GENERIC_FAMILY: Record<FontFamily, string> = {
  Arial: "sans-serif",
  Helvetica: "sans-serif",
  "Times New Roman": "serif",
  Georgia: "serif",
  Verdana: "sans-serif",
  Impact: "sans-serif",
};

/** The CSS font-family list for a font, with a generic fallback where the font is not installed. */
export function fontStack(family: FontFamily): string {
  return `"${family}", ${GENERIC_FAMILY[family]}`;
}

/** The CSS/canvas `font` shorthand. */
export function fontShorthand(element: Pick<TextElement, "fontWeight" | "fontFamily">, fontSize: number): string {
  return `${element.fontWeight} ${fontSize}px ${fontStack(element.fontFamily)}`;
}

function splitWord(word: string, maxWidth: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let current = "";
  for (const character of Array.from(word)) {
    if (current && measure(current + character) > maxWidth) {
      pieces.push(current);
      current = character;
    } else {
      current += character;
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Lines of `text` no wider than `maxWidth`, breaking at spaces and inside words only when one alone is too wide. */
export function wrapLines(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      if (!word) continue;
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      const pieces = measure(word) > maxWidth ? splitWord(word, maxWidth, measure) : [word];
      line = pieces.pop() ?? "";
      lines.push(...pieces);
    }
    lines.push(line);
  }
  return lines;
}

export interface ExportBox {
  left: number;
  top: number;
  width: number;
  height: number;
  fontSize: number;
  padding: number;
  lineHeight: number;
  lines: string[];
  /** Where each line is drawn with textBaseline "middle" and the element's textAlign. */
  textX: number;
  lineYs: number[];
  textAlign: TextAlign;
}

/** Display pixels to image pixels; the stage keeps the image's aspect ratio, so one factor serves. */
export function exportScale(display: Size, natural: Size): number {
  return display.width > 0 ? natural.width / display.width : 1;
}

/**
 * The box of one element in image pixels. `measure(text, fontSize)` gives a line's width at the
 * scaled font size.
 */
export function layoutForExport(element: TextElement, display: Size, natural: Size, measure: (text: string, fontSize: number) => number): ExportBox {
  const scale = exportScale(display, natural);
  const fontSize = element.fontSize * scale;
  const padding = element.padding * scale;
  const width = Math.min(element.width, display.width > 0 ? display.width : element.width) * scale;
  const lineHeight = fontSize * LINE_HEIGHT;
  const lines = wrapLines(element.text, Math.max(1, width - 2 * padding), (text) => measure(text, fontSize));
  const contentHeight = lines.length * lineHeight;
  const height = Math.max(element.height * scale, contentHeight + 2 * padding);
  const centreX = (element.x / 100) * natural.width;
  const centreY = (element.y / 100) * natural.height;
  const left = centreX - width / 2;
  const top = centreY - height / 2;
  const textX = element.textAlign === "left" ? left + padding : element.textAlign === "right" ? left + width - padding : centreX;
  const firstLine = top + (height - contentHeight) / 2 + lineHeight / 2;
  return {
    left,
    top,
    width,
    height,
    fontSize,
    padding,
    lineHeight,
    lines,
    textX,
    lineYs: lines.map((_, index) => firstLine + index * lineHeight),
    textAlign: element.textAlign,
  };
}
