// Renders the object-removal benchmark's edge photos into tests/fixtures/photos: procedural scenes
// (SVG noise textures rasterised by sharp's librsvg) in which a strong, straight or gently curved
// edge runs between two textures, so a hole painted across it shows whether a fill carries the edge
// through or paints one side over it. Deterministic (fixed noise seeds); no photograph is used.
// npx tsx scripts/bench/render-edge-photos.ts   (writes edge-horizon.png, edge-table.png, edge-shadow.png)
import path from "node:path";
import sharp from "sharp";

const OUT = path.resolve(__dirname, "../../tests/fixtures/photos");
export const EDGE_PHOTO_SIZE = { width: 1024, height: 768 };

/** A filter turning fractal noise into a texture around `base` (RGB 0–255), `spread` levels either way. */
function textureFilter(id: string, frequency: string, seed: number, base: [number, number, number], spread: number): string {
  const row = (channel: number) => {
    const gain = (2 * spread) / 255;
    const offset = (base[channel]! - spread) / 255;
    // Luminance-like noise: every colour channel follows the noise's first channel, so grain is not rainbow.
    return `${gain.toFixed(4)} 0 0 0 ${offset.toFixed(4)}`;
  };
  return (
    `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
    `<feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="4" seed="${seed}"/>` +
    `<feColorMatrix type="matrix" values="${row(0)} ${row(1)} ${row(2)} 0 0 0 0 1"/></filter>`
  );
}

function svg(body: string, defs: string): Buffer {
  const { width, height } = EDGE_PHOTO_SIZE;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs>${defs}</defs>${body}</svg>`);
}

/** Sky over the sea: a pale hazy sky with soft clouds, a darker rippled sea, the horizon a little tilted. */
function horizon(): Buffer {
  const { width, height } = EDGE_PHOTO_SIZE;
  const defs =
    textureFilter("sky", "0.004 0.012", 7, [168, 196, 226], 28) +
    textureFilter("sea", "0.006 0.09", 11, [38, 74, 104], 34) +
    `<clipPath id="below"><polygon points="0,${height * 0.52} ${width},${height * 0.49} ${width},${height} 0,${height}"/></clipPath>`;
  return svg(`<rect width="100%" height="100%" filter="url(#sky)"/><g clip-path="url(#below)"><rect width="100%" height="100%" filter="url(#sea)"/></g>`, defs);
}

/** A wooden table top seen from above, its front edge a bright bevel over a dark floor in shadow. */
function table(): Buffer {
  const { width, height } = EDGE_PHOTO_SIZE;
  const edge = height * 0.58;
  const defs =
    textureFilter("wood", "0.003 0.06", 3, [150, 98, 58], 40) +
    textureFilter("floor", "0.03 0.03", 5, [52, 46, 44], 20) +
    `<clipPath id="top"><rect width="${width}" height="${edge}"/></clipPath>`;
  return svg(
    `<rect width="100%" height="100%" filter="url(#floor)"/>` +
      `<g clip-path="url(#top)"><rect width="100%" height="100%" filter="url(#wood)"/></g>` +
      `<rect y="${edge - 6}" width="${width}" height="6" fill="#d8a878" opacity="0.85"/>`,
    defs,
  );
}

/** Sunlit gravel with the straight, slightly soft shadow of a wall falling across it diagonally. */
function shadow(): Buffer {
  const { width, height } = EDGE_PHOTO_SIZE;
  const defs =
    textureFilter("gravel", "0.05 0.05", 9, [186, 170, 142], 46) +
    `<filter id="soft"><feGaussianBlur stdDeviation="1.5"/></filter>` +
    `<clipPath id="shade"><polygon points="0,${height * 0.25} ${width * 0.75},${height} 0,${height}"/></clipPath>`;
  return svg(
    `<rect width="100%" height="100%" filter="url(#gravel)"/>` +
      `<polygon points="0,${height * 0.25} ${width * 0.75},${height} 0,${height}" fill="#1a1830" opacity="0.55" filter="url(#soft)"/>`,
    defs,
  );
}

export const EDGE_PHOTOS = { "edge-horizon.png": horizon, "edge-table.png": table, "edge-shadow.png": shadow };

async function main(): Promise<void> {
  for (const [name, render] of Object.entries(EDGE_PHOTOS)) {
    await sharp(render()).removeAlpha().png({ compressionLevel: 9 }).toFile(path.join(OUT, name));
    console.log(`wrote ${path.join(OUT, name)}`);
  }
}

if (require.main === module) void main();
