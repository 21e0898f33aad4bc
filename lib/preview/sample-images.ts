// Small pictures for the reviewer accounts' galleries and projects, drawn with sharp from SVG: a sky
// gradient, a sun and hills, a different palette for each, so the gallery shows distinct images.
import "server-only";
import sharp from "sharp";

export const SAMPLE_WIDTH = 480;
export const SAMPLE_HEIGHT = 320;

const PALETTES = [
  { sky: ["#1e3a8a", "#f472b6"], sun: "#fde68a", hills: "#0f766e" },
  { sky: ["#0ea5e9", "#e0f2fe"], sun: "#facc15", hills: "#15803d" },
  { sky: ["#7c2d12", "#fb923c"], sun: "#fef3c7", hills: "#422006" },
  { sky: ["#312e81", "#a78bfa"], sun: "#f5f5f4", hills: "#1e1b4b" },
  { sky: ["#064e3b", "#6ee7b7"], sun: "#fef9c3", hills: "#022c22" },
];

export interface SampleImage {
  buffer: Buffer;
  contentType: "image/png";
  width: number;
  height: number;
}

function landscape(index: number): string {
  const palette = PALETTES[index % PALETTES.length]!;
  const sunX = 90 + ((index * 97) % 300);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SAMPLE_WIDTH}" height="${SAMPLE_HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.sky[0]}"/><stop offset="1" stop-color="${palette.sky[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="110" r="46" fill="${palette.sun}"/>
  <path d="M0 250 Q120 ${190 + index * 7} 240 240 T480 230 V320 H0 Z" fill="${palette.hills}"/>
</svg>`;
}

/** The `index`-th sample picture as a PNG. */
export async function sampleImage(index: number): Promise<SampleImage> {
  const buffer = await sharp(Buffer.from(landscape(index)))
    .png()
    .toBuffer();
  return { buffer, contentType: "image/png", width: SAMPLE_WIDTH, height: SAMPLE_HEIGHT };
}
