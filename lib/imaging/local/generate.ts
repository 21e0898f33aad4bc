// The offline generator: prompt-seeded procedural artwork. It reads the prompt's colours and the
// subjects it knows (sky, sun, moon, stars, mountains, sea, forest, city, flowers, clouds, planets…)
// and paints them as layered vector scenes; the same prompt and seed always give the same picture.
import "server-only";
import sharp from "sharp";
import type { GenerateInput, ImageAsset } from "../types";
import { findColours, hasWord, type Rgb } from "../prompt-words";

type Random = () => number;

function seededRandom(text: string): Random {
  let seed = 2166136261;
  for (const char of text) seed = Math.imul(seed ^ char.codePointAt(0)!, 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = ([r, g, b]: Rgb) =>
  `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

interface Palette {
  skyTop: Rgb;
  skyBottom: Rgb;
  accent: Rgb;
  ground: Rgb;
  night: boolean;
}

function choosePalette(prompt: string, random: Random): Palette {
  const night = hasWord(prompt, ["night", "midnight", "moon", "stars", "starry", "galaxy", "space", "noche", "nuit", "nacht", "夜", "星"]);
  const sunset = hasWord(prompt, ["sunset", "sunrise", "dusk", "dawn", "golden hour", "atardecer", "coucher", "sonnenuntergang", "夕日", "日落"]);
  const named = findColours(prompt);
  const hue = random() * 360;
  let palette: Palette = {
    skyTop: hslToRgb(hue, 0.55, 0.35),
    skyBottom: hslToRgb((hue + 40) % 360, 0.6, 0.7),
    accent: hslToRgb((hue + 180) % 360, 0.75, 0.6),
    ground: hslToRgb((hue + 200) % 360, 0.35, 0.25),
    night,
  };
  if (night) palette = { skyTop: [8, 10, 40], skyBottom: [40, 30, 90], accent: [250, 245, 210], ground: [12, 14, 30], night };
  else if (sunset) palette = { skyTop: [70, 40, 110], skyBottom: [255, 150, 70], accent: [255, 220, 120], ground: [60, 30, 50], night };
  else if (hasWord(prompt, ["ocean", "sea", "beach", "lake", "water", "mar", "mer", "meer", "海"]))
    palette = { ...palette, skyTop: [60, 130, 210], skyBottom: [190, 225, 250], ground: [20, 90, 150] };
  else if (hasWord(prompt, ["forest", "tree", "trees", "jungle", "bosque", "forêt", "wald", "森"]))
    palette = { ...palette, skyTop: [120, 180, 220], skyBottom: [220, 240, 210], ground: [30, 80, 40] };
  if (named[0]) palette.accent = named[0];
  if (named[1]) palette.skyBottom = mix(named[1], [255, 255, 255], 0.25);
  if (named[2]) palette.ground = mix(named[2], [0, 0, 0], 0.35);
  if (named.length === 1 && !night) palette.skyTop = mix(named[0]!, [0, 0, 0], 0.45);
  return palette;
}

function ridge(width: number, height: number, baseline: number, amplitude: number, random: Random, colour: string, opacity = 1): string {
  const steps = 12;
  let path = `M0 ${height} L0 ${baseline}`;
  for (let index = 1; index <= steps; index += 1) {
    const x = (index / steps) * width;
    const y = baseline - amplitude * (0.3 + random() * 0.7) * (index % 2 ? 1 : 0.45);
    path += ` L${x.toFixed(1)} ${y.toFixed(1)}`;
  }
  return `<path d="${path} L${width} ${height} Z" fill="${colour}" opacity="${opacity}"/>`;
}

function scene(prompt: string, width: number, height: number, seed: number | undefined): string {
  const key = prompt.toLowerCase().trim();
  const random = seededRandom(seed === undefined ? key : `${key}#${seed}`);
  const p = choosePalette(prompt, random);
  const s = Math.min(width, height);
  const horizon = height * (0.55 + random() * 0.12);
  const parts: string[] = [];
  const defs = `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(p.skyTop)}"/><stop offset="1" stop-color="${hex(p.skyBottom)}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${hex(p.accent)}" stop-opacity="0.9"/><stop offset="1" stop-color="${hex(p.accent)}" stop-opacity="0"/></radialGradient>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(mix(p.skyBottom, p.ground, 0.5))}"/><stop offset="1" stop-color="${hex(p.ground)}"/></linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="${(s / 120).toFixed(1)}"/></filter>
  </defs>`;
  parts.push(`<rect width="${width}" height="${height}" fill="url(#sky)"/>`);

  const wants = (words: string[]) => hasWord(prompt, words);
  const celestialX = width * (0.2 + random() * 0.6);
  const celestialY = horizon * (0.3 + random() * 0.3);
  if (p.night || wants(["star", "stars", "galaxy", "space", "estrellas", "étoiles", "sterne", "星"])) {
    for (let index = 0; index < 140; index += 1) {
      const r = (random() * s) / 400 + 0.4;
      parts.push(
        `<circle cx="${(random() * width).toFixed(1)}" cy="${(random() * horizon).toFixed(1)}" r="${r.toFixed(2)}" fill="#fff" opacity="${(0.4 + random() * 0.6).toFixed(2)}"/>`,
      );
    }
  }
  if (wants(["planet", "planets", "space", "galaxy", "planeta", "planète", "惑星"])) {
    const r = s * 0.16;
    parts.push(`<circle cx="${celestialX}" cy="${celestialY}" r="${r * 1.8}" fill="url(#glow)" opacity="0.5"/>`);
    parts.push(`<circle cx="${celestialX}" cy="${celestialY}" r="${r}" fill="${hex(p.accent)}"/>`);
    parts.push(
      `<ellipse cx="${celestialX}" cy="${celestialY}" rx="${r * 1.7}" ry="${r * 0.35}" fill="none" stroke="${hex(mix(p.accent, [255, 255, 255], 0.5))}" stroke-width="${s / 90}" transform="rotate(-18 ${celestialX} ${celestialY})"/>`,
    );
  } else if (p.night || wants(["moon", "luna", "lune", "mond", "月"])) {
    const r = s * 0.08;
    parts.push(`<circle cx="${celestialX}" cy="${celestialY}" r="${r * 3}" fill="url(#glow)" opacity="0.35"/>`);
    parts.push(`<circle cx="${celestialX}" cy="${celestialY}" r="${r}" fill="#f4f1de"/>`);
    parts.push(`<circle cx="${celestialX + r * 0.35}" cy="${celestialY - r * 0.2}" r="${r * 0.9}" fill="${hex(p.skyTop)}" opacity="0.9"/>`);
  } else {
    const r = s * (0.07 + random() * 0.05);
    parts.push(`<circle cx="${celestialX}" cy="${celestialY}" r="${r * 3.2}" fill="url(#glow)"/>`);
    parts.push(`<circle cx="${celestialX}" cy="${celestialY}" r="${r}" fill="${hex(mix(p.accent, [255, 255, 255], 0.35))}"/>`);
  }
  if (wants(["cloud", "clouds", "cloudy", "sky", "nube", "nuage", "wolke", "雲", "云"]) || random() < 0.5) {
    for (let index = 0; index < 4; index += 1) {
      const cx = random() * width;
      const cy = random() * horizon * 0.6;
      const w = s * (0.12 + random() * 0.15);
      parts.push(
        `<g filter="url(#soft)" opacity="0.85" fill="#fff"><ellipse cx="${cx}" cy="${cy}" rx="${w}" ry="${w * 0.32}"/><ellipse cx="${cx - w * 0.4}" cy="${cy + w * 0.05}" rx="${w * 0.55}" ry="${w * 0.28}"/><ellipse cx="${cx + w * 0.35}" cy="${cy - w * 0.12}" rx="${w * 0.5}" ry="${w * 0.3}"/></g>`,
      );
    }
  }
  if (wants(["mountain", "mountains", "peak", "alps", "hills", "montaña", "montagne", "berg", "berge", "山"])) {
    parts.push(ridge(width, height, horizon - s * 0.05, s * 0.35, random, hex(mix(p.ground, p.skyBottom, 0.6)), 0.8));
    parts.push(ridge(width, height, horizon + s * 0.02, s * 0.22, random, hex(mix(p.ground, p.skyBottom, 0.3))));
  } else {
    parts.push(ridge(width, height, horizon, s * 0.08, random, hex(mix(p.ground, p.skyBottom, 0.45)), 0.9));
  }
  if (wants(["city", "skyline", "building", "buildings", "town", "ciudad", "ville", "stadt", "街", "城市"])) {
    let x = 0;
    while (x < width) {
      const w = s * (0.05 + random() * 0.07);
      const h = s * (0.12 + random() * 0.3);
      parts.push(`<rect x="${x}" y="${horizon - h}" width="${w}" height="${h + height}" fill="${hex(mix(p.ground, [0, 0, 0], 0.3))}"/>`);
      for (let wy = horizon - h + w * 0.3; wy < horizon - w * 0.2; wy += w * 0.35) {
        for (let wx = x + w * 0.15; wx < x + w * 0.85; wx += w * 0.3) {
          if (random() < 0.55) parts.push(`<rect x="${wx}" y="${wy}" width="${w * 0.12}" height="${w * 0.14}" fill="${hex(p.accent)}" opacity="0.85"/>`);
        }
      }
      x += w + s * 0.005;
    }
  }
  const water = wants(["ocean", "sea", "beach", "lake", "river", "water", "waves", "mar", "playa", "mer", "plage", "meer", "see", "海", "湖"]);
  if (water) {
    parts.push(`<rect x="0" y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#water)"/>`);
    parts.push(
      `<ellipse cx="${celestialX}" cy="${horizon + (height - horizon) * 0.35}" rx="${s * 0.05}" ry="${(height - horizon) * 0.4}" fill="${hex(p.accent)}" opacity="0.25" filter="url(#soft)"/>`,
    );
    for (let y = horizon + s * 0.02; y < height; y += s * 0.035) {
      const amplitude = s * 0.008;
      let d = `M0 ${y}`;
      for (let x = 0; x <= width; x += s * 0.05) d += ` Q${x + s * 0.0125} ${y - amplitude} ${x + s * 0.025} ${y} T${x + s * 0.05} ${y}`;
      parts.push(`<path d="${d}" stroke="#fff" stroke-opacity="0.25" stroke-width="${s / 400}" fill="none"/>`);
    }
  } else {
    parts.push(`<rect x="0" y="${horizon + s * 0.04}" width="${width}" height="${height}" fill="${hex(p.ground)}"/>`);
  }
  if (wants(["forest", "tree", "trees", "woods", "pine", "jungle", "bosque", "árbol", "forêt", "arbre", "wald", "baum", "森", "木", "树"])) {
    for (let row = 0; row < 3; row += 1) {
      const base = horizon + s * (0.06 + row * 0.08);
      const colour = hex(mix(p.ground, [0, 0, 0], 0.15 + row * 0.2));
      for (let x = -s * 0.05; x < width + s * 0.05; x += s * (0.045 + random() * 0.04)) {
        const h = s * (0.12 + random() * 0.1 + row * 0.05);
        const w = h * 0.38;
        parts.push(`<path d="M${x} ${base - h} L${x - w / 2} ${base} L${x + w / 2} ${base} Z" fill="${colour}"/>`);
      }
    }
  }
  if (wants(["flower", "flowers", "garden", "meadow", "bloom", "flor", "flores", "fleur", "fleurs", "blume", "blumen", "花"])) {
    for (let index = 0; index < 60; index += 1) {
      const x = random() * width;
      const y = horizon + s * 0.06 + random() * (height - horizon);
      const r = (s / 90) * (0.6 + (y - horizon) / (height - horizon + 1));
      const petal = hex(mix(p.accent, hslToRgb(random() * 360, 0.8, 0.65), 0.5));
      parts.push(
        `<g transform="translate(${x.toFixed(1)} ${y.toFixed(1)})">${[0, 72, 144, 216, 288].map((a) => `<ellipse rx="${r}" ry="${r * 0.5}" cx="${r}" fill="${petal}" transform="rotate(${a})"/>`).join("")}<circle r="${r * 0.55}" fill="#ffd54a"/></g>`,
      );
    }
  }
  if (wants(["heart", "love", "amor", "amour", "liebe", "愛", "爱"])) {
    const x = width / 2;
    const y = horizon * 0.75;
    const k = s * 0.12;
    parts.push(
      `<path d="M${x} ${y + k} C${x - k * 2} ${y - k * 0.2} ${x - k * 0.9} ${y - k * 1.6} ${x} ${y - k * 0.5} C${x + k * 0.9} ${y - k * 1.6} ${x + k * 2} ${y - k * 0.2} ${x} ${y + k} Z" fill="${hex(p.accent)}" stroke="#fff" stroke-width="${s / 150}"/>`,
    );
  }
  if (wants(["abstract", "pattern", "geometric", "shapes", "abstracto", "abstrait", "abstrakt", "抽象"])) {
    for (let index = 0; index < 24; index += 1) {
      const colour = hex(hslToRgb(random() * 360, 0.7, 0.55));
      parts.push(`<circle cx="${random() * width}" cy="${random() * height}" r="${s * (0.03 + random() * 0.12)}" fill="${colour}" opacity="0.55"/>`);
    }
  }
  // A soft vignette pulls the eye to the centre, as a painter would.
  parts.push(
    `<radialGradient id="vignette"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></radialGradient><rect width="${width}" height="${height}" fill="url(#vignette)"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs}${parts.join("")}</svg>`;
}

export async function generateLocal(input: GenerateInput): Promise<ImageAsset> {
  const svg = scene(input.prompt, input.width, input.height, input.seed);
  const buffer = await sharp(Buffer.from(svg)).png().toBuffer();
  return { buffer, contentType: "image/png", width: input.width, height: input.height };
}
