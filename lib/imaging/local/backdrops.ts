// Procedural landscape backdrops (mountain, forest, ocean, sunset) the local engine puts behind a
// cut-out subject: SVG scenes drawn at the photo's aspect ratio and rendered by sharp.
import "server-only";
import sharp from "sharp";
import { seededRandom } from "./seeded-random";

export type BackdropPreset = "mountain" | "forest" | "ocean" | "sunset";

/**
 * Scenes are drawn in a space 1000 units high and as wide as the photo's aspect ratio needs, so
 * the horizon sits at the same height for every photo and wider photos simply see more landscape.
 */
const SCENE_HEIGHT = 1000;

/**
 * The scenes are soft and blurred anyway; rendering a 12 MP photo's backdrop at full size would cost
 * seconds of filter work for no visible gain, so larger ones are rendered at this size and scaled.
 */
const MAX_RENDER_SIDE = 2048;

/** Panoramas wider than this are stretched instead, so a freak 100:1 photo cannot make a giant SVG. */
const MAX_SCENE_ASPECT = 4;

/**
 * One-dimensional fractal noise in [-1, 1]. Lattice values are drawn left to right, so a scene's
 * left part looks the same whatever the photo's width.
 */
function fractalNoise(seed: number, spacing: number, octaves: number, extent: number): (x: number) => number {
  const layers = Array.from({ length: octaves }, (_, octave) => {
    const random = seededRandom(seed * 7919 + octave * 104729);
    const step = spacing / 2 ** octave;
    const values = Array.from({ length: Math.ceil(extent / step) + 2 }, () => random() * 2 - 1);
    return { step, values, weight: 0.5 ** octave };
  });
  const total = layers.reduce((sum, layer) => sum + layer.weight, 0);
  return (x: number) => {
    let sum = 0;
    for (const { step, values, weight } of layers) {
      const position = Math.max(0, x) / step;
      const index = Math.floor(position);
      const t = position - index;
      const smooth = t * t * (3 - 2 * t);
      const a = values[index] ?? 0;
      const b = values[index + 1] ?? 0;
      sum += (a + (b - a) * smooth) * weight;
    }
    return sum / total;
  };
}

const fmt = (value: number): string => value.toFixed(1);

/** A closed silhouette: the ridge line `heightAt` across the scene, filled down to the bottom. */
function ridgePath(width: number, heightAt: (x: number) => number, step = 4): string {
  const points: string[] = [];
  for (let x = -step; x <= width + step; x += step) points.push(`${fmt(x)},${fmt(heightAt(x))}`);
  return `M${fmt(-step)},${SCENE_HEIGHT + 10} L${points.join(" L")} L${fmt(width + step)},${SCENE_HEIGHT + 10} Z`;
}

/** Mountain range profile: sharp, ridged peaks rather than rolling hills. */
function peaks(seed: number, width: number, base: number, amplitude: number, spacing: number): (x: number) => number {
  const ridged = fractalNoise(seed, spacing, 5, width + spacing * 2);
  const roll = fractalNoise(seed + 1, spacing * 2.5, 2, width + spacing * 3);
  return (x) => {
    const sharpness = 1 - Math.abs(ridged(x));
    return base - amplitude * (sharpness * sharpness * 0.85 + (roll(x) + 1) * 0.25);
  };
}

function hills(seed: number, width: number, base: number, amplitude: number, spacing: number): (x: number) => number {
  const noise = fractalNoise(seed, spacing, 4, width + spacing * 2);
  return (x) => base - amplitude * (noise(x) + 1) * 0.5;
}

/** A conifer silhouette: tiers of drooping branches narrowing to a spire, on a short trunk. */
function conifer(x: number, baseY: number, height: number, halfWidth: number, random: () => number): string {
  const tiers = 6 + Math.floor(random() * 3);
  const trunk = height * 0.07;
  const top = baseY - height;
  const crownHeight = height - trunk;
  const right: string[] = [];
  const left: string[] = [];
  for (let i = 1; i <= tiers; i += 1) {
    const f = i / tiers;
    const y = top + crownHeight * f;
    const outer = halfWidth * (0.18 + 0.82 * f) * (0.9 + random() * 0.2);
    const inner = outer * 0.55;
    const droop = (crownHeight / tiers) * 0.35;
    right.push(`${fmt(x + outer)},${fmt(y)}`, `${fmt(x + inner)},${fmt(y - droop)}`);
    left.unshift(`${fmt(x - inner)},${fmt(y - droop)}`, `${fmt(x - outer)},${fmt(y)}`);
  }
  right.pop();
  left.shift();
  const trunkHalf = Math.max(halfWidth * 0.08, 1.5);
  return (
    `M${fmt(x)},${fmt(top)} L${right.join(" L")} L${fmt(x + trunkHalf)},${fmt(baseY - trunk)} ` +
    `L${fmt(x + trunkHalf)},${fmt(baseY + 2)} L${fmt(x - trunkHalf)},${fmt(baseY + 2)} ` +
    `L${fmt(x - trunkHalf)},${fmt(baseY - trunk)} L${left.join(" L")} Z`
  );
}

/** A row of conifers standing on the ridge `groundAt`, as one path. */
function treeRow(seed: number, width: number, groundAt: (x: number) => number, size: number, gap: number, skip: (x: number) => boolean = () => false): string {
  const random = seededRandom(seed);
  const paths: string[] = [];
  for (let x = -gap * random(); x < width + gap; x += gap * (0.55 + random() * 0.8)) {
    const height = size * (0.7 + random() * 0.55);
    if (skip(x)) continue;
    paths.push(conifer(x, groundAt(x) + height * 0.1, height, height * (0.2 + random() * 0.06), random));
  }
  return paths.join(" ");
}

/** Soft clouds: fractal turbulence turned into white alpha, faded out towards the horizon. */
function cloudLayer(
  id: string,
  width: number,
  top: number,
  bottom: number,
  options: { seed: number; frequency: string; density: number; tint: string; opacity: number },
): { defs: string; body: string } {
  const defs = `
    <filter id="${id}-f" filterUnits="userSpaceOnUse" x="0" y="${top}" width="${width}" height="${bottom - top}">
      <feTurbulence type="fractalNoise" baseFrequency="${options.frequency}" numOctaves="5" seed="${options.seed}" result="noise"/>
      <feColorMatrix in="noise" type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  ${options.density * 3} 0 0 0 ${-options.density * 1.45}"/>
      <feComposite in2="SourceGraphic" operator="in"/>
    </filter>
    <linearGradient id="${id}-g" x1="0" y1="${top}" x2="0" y2="${bottom}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${options.tint}" stop-opacity="${options.opacity}"/>
      <stop offset="0.65" stop-color="${options.tint}" stop-opacity="${options.opacity * 0.8}"/>
      <stop offset="1" stop-color="${options.tint}" stop-opacity="0"/>
    </linearGradient>`;
  const body = `<rect x="0" y="${top}" width="${width}" height="${bottom - top}" fill="url(#${id}-g)" filter="url(#${id}-f)"/>`;
  return { defs, body };
}

/** A horizontal band of mist between two heights, thickest in its middle. */
function mistBand(id: string, width: number, top: number, bottom: number, colour: string, opacity: number): { defs: string; body: string } {
  const defs = `
    <linearGradient id="${id}" x1="0" y1="${top}" x2="0" y2="${bottom}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${colour}" stop-opacity="0"/>
      <stop offset="0.55" stop-color="${colour}" stop-opacity="${opacity}"/>
      <stop offset="1" stop-color="${colour}" stop-opacity="0"/>
    </linearGradient>`;
  return { defs, body: `<rect x="0" y="${top}" width="${width}" height="${bottom - top}" fill="url(#${id})"/>` };
}

/** Shade that is strongest on the summits and fades out down the slopes, so its edges melt away. */
function fadingShade(id: string, top: number, bottom: number, colour: string, opacity: number): string {
  return `<linearGradient id="${id}" x1="0" y1="${top}" x2="0" y2="${bottom}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></linearGradient>`;
}

function verticalGradient(id: string, top: number, bottom: number, stops: Array<[number, string]>): string {
  return `<linearGradient id="${id}" x1="0" y1="${top}" x2="0" y2="${bottom}" gradientUnits="userSpaceOnUse">${stops
    .map(([offset, colour]) => `<stop offset="${offset}" stop-color="${colour}"/>`)
    .join("")}</linearGradient>`;
}

function glow(id: string, cx: number, cy: number, radius: number, colour: string, opacity: number): { defs: string; body: string } {
  const defs = `
    <radialGradient id="${id}" cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(radius)}" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/>
      <stop offset="0.35" stop-color="${colour}" stop-opacity="${opacity * 0.45}"/>
      <stop offset="1" stop-color="${colour}" stop-opacity="0"/>
    </radialGradient>`;
  return { defs, body: `<circle cx="${fmt(cx)}" cy="${fmt(cy)}" r="${fmt(radius)}" fill="url(#${id})"/>` };
}

/** The ground under `heightAt`, filled with a vertical gradient (named `id`) from `top` to `bottom`. */
function gradientGround(
  id: string,
  width: number,
  heightAt: (x: number) => number,
  top: number,
  bottom: number,
  stops: Array<[number, string]>,
): { defs: string; body: string } {
  return { defs: verticalGradient(id, top, bottom, stops), body: `<path d="${ridgePath(width, heightAt)}" fill="url(#${id})"/>` };
}

/** A scene being drawn: gradients and filters in `defs`, shapes in `body` in painting order; `add` puts a part's two halves in. */
function newScene() {
  const defs: string[] = [];
  const body: string[] = [];
  const add = (part: { defs: string; body: string }) => {
    defs.push(part.defs);
    body.push(part.body);
  };
  return { defs, body, add };
}

/** The sky: a vertical gradient from the top down to `bottom`, over the scene's full height or down to `height`. */
function sky(width: number, bottom: number, stops: Array<[number, string]>, height = SCENE_HEIGHT): { defs: string; body: string } {
  return { defs: verticalGradient("sky", 0, bottom, stops), body: `<rect width="${width}" height="${height}" fill="url(#sky)"/>` };
}

function mountainScene(width: number): string {
  const { defs, body, add } = newScene();

  add(
    sky(width, 700, [
      [0, "#1f4f8f"],
      [0.45, "#5f93cc"],
      [0.8, "#a9c9e6"],
      [1, "#dbe8f1"],
    ]),
  );
  add(glow("sun-glow", width * 0.76, 150, 520, "#fff3d6", 0.75));
  body.push(`<circle cx="${fmt(width * 0.76)}" cy="150" r="34" fill="#fffbef"/>`);
  add(cloudLayer("clouds", width, 0, 470, { seed: 11, frequency: "0.0028 0.011", density: 1.1, tint: "#ffffff", opacity: 0.9 }));

  // Far range: tall, pale and hazy, with snow down to a ragged snowline.
  const far = peaks(3, width, 600, 360, 230);
  const snowline = hills(5, width, 410, 90, 60);
  defs.push(
    verticalGradient("far", 240, 620, [
      [0, "#6f89ad"],
      [1, "#a4b8cf"],
    ]),
  );
  defs.push(
    verticalGradient("snow", 220, 520, [
      [0, "#ffffff"],
      [1, "#dfe8f2"],
    ]),
  );
  defs.push(`<clipPath id="far-clip"><path d="${ridgePath(width, far)}"/></clipPath>`);
  body.push(`<path d="${ridgePath(width, far)}" fill="url(#far)"/>`);
  body.push(`<g clip-path="url(#far-clip)"><path d="${snowOnlyAbove(width, snowline)}" fill="url(#snow)"/>`);
  defs.push(fadingShade("far-shade", 200, 500, "#31507e", 0.42));
  body.push(`<path d="${shadedFaces(width, far, 7)}" fill="url(#far-shade)"/></g>`);
  add(mistBand("mist-far", width, 480, 680, "#e6eef5", 0.7));

  const middle = peaks(17, width, 690, 230, 170);
  const middleSnow = hills(19, width, 530, 50, 45);
  defs.push(
    verticalGradient("middle", 440, 700, [
      [0, "#48658b"],
      [1, "#7c93ae"],
    ]),
  );
  defs.push(`<clipPath id="middle-clip"><path d="${ridgePath(width, middle)}"/></clipPath>`);
  body.push(`<path d="${ridgePath(width, middle)}" fill="url(#middle)"/>`);
  body.push(`<g clip-path="url(#middle-clip)"><path d="${snowOnlyAbove(width, middleSnow)}" fill="#eef3f8" opacity="0.92"/>`);
  defs.push(fadingShade("middle-shade", 440, 630, "#243d60", 0.45));
  body.push(`<path d="${shadedFaces(width, middle, 21)}" fill="url(#middle-shade)"/></g>`);
  add(mistBand("mist-middle", width, 600, 760, "#dfe9f0", 0.7));

  const near = hills(23, width, 770, 120, 150);
  add(
    gradientGround("near", width, near, 640, 860, [
      [0, "#3c5a62"],
      [1, "#5f7a78"],
    ]),
  );
  body.push(`<path d="${treeRow(29, width, near, 46, 20)}" fill="#2e4a4c"/>`);
  add(mistBand("mist-near", width, 720, 860, "#d7e3e6", 0.45));

  const front = hills(31, width, 880, 70, 120);
  add(
    gradientGround("front", width, front, 780, 1000, [
      [0, "#27423a"],
      [1, "#1a2e27"],
    ]),
  );
  body.push(`<path d="${treeRow(37, width, front, 130, 46)}" fill="#1c3330"/>`);
  add(
    gradientGround("meadow", width, hills(41, width, 960, 35, 200), 900, 1000, [
      [0, "#3d5c36"],
      [1, "#243a22"],
    ]),
  );
  return wrapScene(defs, body);
}

/**
 * The faces turned away from the sun (which is on the right): from each summit, the slope down to
 * the valley on its left, bounded by a wandering edge running down from the summit.
 */
function shadedFaces(width: number, heightAt: (x: number) => number, seed: number): string {
  const step = 4;
  const xs: number[] = [];
  for (let x = -40; x <= width + 40; x += step) xs.push(x);
  const ys = xs.map(heightAt);
  const window = 14;
  const summits: number[] = [];
  for (let i = 0; i < ys.length; i += 1) {
    let highest = true;
    for (let j = Math.max(0, i - window); j <= Math.min(ys.length - 1, i + window) && highest; j += 1) {
      if ((ys[j] ?? Infinity) < (ys[i] ?? Infinity)) highest = false;
    }
    if (highest && (summits.length === 0 || i - (summits[summits.length - 1] ?? 0) > window)) summits.push(i);
  }
  const wander = fractalNoise(seed, 40, 3, SCENE_HEIGHT + 80);
  const random = seededRandom(seed);
  const faces: string[] = [];
  let previous = 0;
  for (const summit of summits) {
    let valley = previous;
    for (let i = previous; i < summit; i += 1) if ((ys[i] ?? 0) > (ys[valley] ?? 0)) valley = i;
    const ridge: string[] = [];
    for (let i = valley; i <= summit; i += 1) ridge.push(`${fmt(xs[i] ?? 0)},${fmt(ys[i] ?? 0)}`);
    const topX = xs[summit] ?? 0;
    const topY = ys[summit] ?? 0;
    const slant = 0.1 + random() * 0.35;
    const edge: string[] = [];
    for (let y = topY; y <= SCENE_HEIGHT; y += 8) edge.push(`${fmt(topX + (y - topY) * slant + wander(y) * 18 * Math.min(1, (y - topY) / 60))},${fmt(y)}`);
    const valleyX = xs[valley] ?? 0;
    const valleyY = ys[valley] ?? 0;
    const back: string[] = [];
    for (let y = SCENE_HEIGHT; y >= valleyY; y -= 8) back.push(`${fmt(valleyX + wander(y + 400) * 14 * Math.min(1, (y - valleyY) / 60))},${fmt(y)}`);
    faces.push(`M${ridge.join(" L")} L${edge.join(" L")} L${back.join(" L")} Z`);
    previous = summit;
  }
  return faces.join(" ");
}

/** The area above a ragged line, for clipping snow to a range's summits. */
function snowOnlyAbove(width: number, lineAt: (x: number) => number): string {
  const points: string[] = [];
  for (let x = -8; x <= width + 8; x += 4) points.push(`${fmt(x)},${fmt(lineAt(x))}`);
  return `M-8,-10 L${fmt(width + 8)},-10 L${points.reverse().join(" L")} Z`;
}

function forestScene(width: number): string {
  const { defs, body, add } = newScene();
  const sunX = width * 0.34;
  const sunY = 110;

  add(
    sky(width, 620, [
      [0, "#a8cfd6"],
      [0.5, "#d7ead8"],
      [1, "#f4f2d6"],
    ]),
  );
  add(glow("sun-glow", sunX, sunY, 700, "#fff7d6", 0.95));
  defs.push(`<filter id="ray-blur" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="10"/></filter>`);

  // Rows of conifers from the hazy distance to the foreground; the nearest row stands only at the
  // sides, leaving a sunlit clearing in the middle where the subject goes.
  const rows: Array<{ base: number; amplitude: number; size: number; gap: number; colour: string; mist: number; clearing: number }> = [
    { base: 540, amplitude: 70, size: 120, gap: 20, colour: "#a9c8b0", mist: 0.6, clearing: 0 },
    { base: 610, amplitude: 60, size: 180, gap: 30, colour: "#86ad8d", mist: 0.55, clearing: 0 },
    { base: 690, amplitude: 50, size: 260, gap: 44, colour: "#5f8d69", mist: 0.45, clearing: 0 },
    { base: 780, amplitude: 40, size: 380, gap: 70, colour: "#3d6a4a", mist: 0.35, clearing: 0.18 },
  ];
  rows.forEach((row, index) => {
    const ground = hills(100 + index, width, row.base, row.amplitude, 260);
    body.push(`<path d="${ridgePath(width, ground)}" fill="${row.colour}"/>`);
    const inClearing = (x: number) => Math.abs(x / width - 0.5) < row.clearing;
    body.push(`<path d="${treeRow(200 + index, width, ground, row.size, row.gap, inClearing)}" fill="${row.colour}"/>`);
    add(mistBand(`mist-${index}`, width, row.base - row.size * 0.8, row.base + 30, "#f3f5e2", row.mist));
    if (index === 2) body.push(sunRays(sunX, sunY, 301));
  });

  add(
    gradientGround("meadow", width, hills(400, width, 820, 30, 220), 760, 1000, [
      [0, "#8fb35f"],
      [0.35, "#5f8f3f"],
      [1, "#2c5128"],
    ]),
  );
  add(glow("clearing-light", sunX + width * 0.1, 860, 420, "#fff3b8", 0.35));
  body.push(
    `<path d="${treeRow(
      204,
      width,
      () => 1000,
      900,
      120,
      (x) => Math.abs(x / width - 0.5) < 0.36,
    )}" fill="#1b3a26"/>`,
  );
  return wrapScene(defs, body);
}

/** Shafts of sunlight fanning down from the sun through the trees. */
function sunRays(sunX: number, sunY: number, seed: number): string {
  const random = seededRandom(seed);
  const rays: string[] = [];
  for (let i = 0; i < 9; i += 1) {
    const angle = (-0.15 + random() * 1.25) * Math.PI * 0.5 * (random() < 0.35 ? -0.6 : 1);
    const spread = 0.02 + random() * 0.04;
    const length = 1300;
    const a = Math.PI / 2 - angle;
    const x1 = sunX + Math.cos(a - spread) * length;
    const y1 = sunY + Math.sin(a - spread) * length;
    const x2 = sunX + Math.cos(a + spread) * length;
    const y2 = sunY + Math.sin(a + spread) * length;
    rays.push(`<path d="M${fmt(sunX)},${sunY} L${fmt(x1)},${fmt(y1)} L${fmt(x2)},${fmt(y2)} Z" opacity="${(0.1 + random() * 0.12).toFixed(2)}"/>`);
  }
  return `<g fill="#fffbe3" filter="url(#ray-blur)">${rays.join("")}</g>`;
}

function oceanScene(width: number): string {
  const { defs, body, add } = newScene();
  const horizon = 560;
  const sunX = width * 0.68;
  const sunY = 230;

  add(
    sky(
      width,
      horizon,
      [
        [0, "#2c6fc0"],
        [0.55, "#78b2e6"],
        [0.9, "#c7e3f5"],
        [1, "#eaf5fb"],
      ],
      horizon + 2,
    ),
  );
  add(glow("sun-glow", sunX, sunY, 420, "#fffaf0", 0.8));
  body.push(`<circle cx="${fmt(sunX)}" cy="${sunY}" r="30" fill="#fffef8"/>`);
  add(cloudLayer("clouds", width, 60, horizon, { seed: 7, frequency: "0.0032 0.014", density: 1.05, tint: "#ffffff", opacity: 0.95 }));

  const island = hills(61, width, horizon, 1, 200);
  const islandShape = (x: number) => {
    const centre = width * 0.16;
    const spread = 180 + width * 0.04;
    const bump = Math.max(0, 1 - ((x - centre) / spread) ** 2);
    return island(x) - 62 * bump ** 1.5 - 6 * bump * (Math.sin(x * 0.05) + 1);
  };
  body.push(`<path d="${ridgePath(width, islandShape)}" fill="#5b86a6" opacity="0.75"/>`);

  defs.push(
    verticalGradient("sea", horizon, SCENE_HEIGHT, [
      [0, "#5f9cc7"],
      [0.25, "#2f78ab"],
      [0.7, "#155a8c"],
      [1, "#0b3f6a"],
    ]),
  );
  body.push(`<rect y="${horizon}" width="${width}" height="${SCENE_HEIGHT - horizon}" fill="url(#sea)"/>`);
  add(mistBand("horizon-haze", width, horizon - 30, horizon + 24, "#f2f8fb", 0.8));

  // Waves: short arcs, smaller and denser towards the horizon for perspective.
  const random = seededRandom(71);
  const waves: string[] = [];
  const crests: string[] = [];
  for (let i = 0; i < 420; i += 1) {
    const depth = random() ** 1.6;
    const y = horizon + 6 + depth * (SCENE_HEIGHT - horizon - 10);
    const scale = 0.15 + depth * 1.6;
    const x = random() * (width + 80) - 40;
    const length = (18 + random() * 40) * scale;
    const lift = 3 * scale;
    const path = `M${fmt(x)},${fmt(y)} q${fmt(length / 2)},${fmt(-lift)} ${fmt(length)},0`;
    (random() < 0.55 ? waves : crests).push(`<path d="${path}" stroke-width="${fmt(0.6 + scale * 1.6)}"/>`);
  }
  body.push(`<g fill="none" stroke="#0a3a63" stroke-linecap="round" opacity="0.45">${waves.join("")}</g>`);
  body.push(`<g fill="none" stroke="#bfe1f3" stroke-linecap="round" opacity="0.55">${crests.join("")}</g>`);

  // The sun's glitter path on the water, widening towards the viewer.
  const glitter: string[] = [];
  const glints = seededRandom(73);
  for (let i = 0; i < 260; i += 1) {
    const depth = glints() ** 1.3;
    const y = horizon + 3 + depth * (SCENE_HEIGHT - horizon - 60);
    const spread = 14 + depth * 150;
    const x = sunX + (glints() + glints() + glints() - 1.5) * spread;
    const length = (6 + glints() * 22) * (0.3 + depth * 1.4);
    glitter.push(
      `<rect x="${fmt(x - length / 2)}" y="${fmt(y)}" width="${fmt(length)}" height="${fmt(1 + depth * 2.5)}" rx="1" opacity="${(0.35 + glints() * 0.55).toFixed(2)}"/>`,
    );
  }
  body.push(`<g fill="#fffdf2">${glitter.join("")}</g>`);

  // A strip of beach with a line of foam across the front.
  const shore = hills(81, width, 955, 18, 260);
  add(
    gradientGround("sand", width, shore, 920, 1000, [
      [0, "#e6d3aa"],
      [1, "#cdb283"],
    ]),
  );
  body.push(`<path d="${ridgePath(width, (x) => shore(x) - 3)}" fill="none" stroke="#f7fbfc" stroke-width="5" opacity="0.85"/>`);
  body.push(`<path d="${ridgePath(width, (x) => shore(x) + 5)}" fill="none" stroke="#b79d72" stroke-width="3" opacity="0.45"/>`);
  return wrapScene(defs, body);
}

function sunsetScene(width: number): string {
  const { defs, body, add } = newScene();
  const sunX = width * 0.5;
  const sunY = 615;

  add(
    sky(width, 800, [
      [0, "#23184a"],
      [0.28, "#5a2a6e"],
      [0.52, "#b53f64"],
      [0.72, "#ee7a45"],
      [0.88, "#fbb65a"],
      [1, "#ffd98a"],
    ]),
  );
  add(glow("sun-glow", sunX, sunY, 760, "#ffcf7a", 0.85));
  add(glow("sun-core", sunX, sunY, 230, "#fff0b8", 0.9));
  defs.push(
    `<radialGradient id="sun" cx="${fmt(sunX)}" cy="${sunY}" r="95" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.7" stop-color="#ffe49a"/><stop offset="1" stop-color="#ffc65e"/></radialGradient>`,
  );
  body.push(`<circle cx="${fmt(sunX)}" cy="${sunY}" r="95" fill="url(#sun)"/>`);

  // Long streaks of cloud, lit pink from below and darker on top.
  defs.push(`<filter id="cloud-soft" x="-10%" y="-50%" width="120%" height="200%"><feGaussianBlur stdDeviation="5"/></filter>`);
  defs.push(
    `<linearGradient id="streak" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6b2f66"/><stop offset="0.6" stop-color="#e0697a"/><stop offset="1" stop-color="#ffb07a"/></linearGradient>`,
  );
  const random = seededRandom(91);
  const streaks: string[] = [];
  for (let i = 0; i < 26; i += 1) {
    const y = 90 + random() ** 0.8 * 520;
    const length = 160 + random() * 520;
    const x = random() * (width + length) - length / 2;
    const height = 8 + random() * 22;
    streaks.push(`<ellipse cx="${fmt(x)}" cy="${fmt(y)}" rx="${fmt(length / 2)}" ry="${fmt(height / 2)}" opacity="${(0.35 + random() * 0.45).toFixed(2)}"/>`);
  }
  body.push(`<g fill="url(#streak)" filter="url(#cloud-soft)">${streaks.join("")}</g>`);

  const layers: Array<{ seed: number; base: number; amplitude: number; spacing: number; colour: string }> = [
    { seed: 93, base: 760, amplitude: 140, spacing: 260, colour: "#a0466a" },
    { seed: 95, base: 820, amplitude: 130, spacing: 220, colour: "#6d2a58" },
    { seed: 97, base: 890, amplitude: 110, spacing: 200, colour: "#3e1840" },
    { seed: 99, base: 970, amplitude: 90, spacing: 180, colour: "#1d0b22" },
  ];
  layers.forEach((layer, index) => {
    body.push(`<path d="${ridgePath(width, hills(layer.seed, width, layer.base, layer.amplitude, layer.spacing))}" fill="${layer.colour}"/>`);
    if (index < 2) add(mistBand(`glow-${index}`, width, layer.base - 90, layer.base + 40, "#ff9a6a", 0.35));
  });
  const ground = hills(99, width, 970, 90, 180);
  body.push(`<path d="${treeRow(101, width, ground, 70, 90)}" fill="#1d0b22"/>`);

  const birds: string[] = [];
  const flock = seededRandom(103);
  for (let i = 0; i < 7; i += 1) {
    const x = width * 0.6 + (flock() - 0.3) * 260;
    const y = 260 + flock() * 120;
    const span = 8 + flock() * 8;
    birds.push(
      `M${fmt(x - span)},${fmt(y - span * 0.35)} q${fmt(span * 0.5)},${fmt(-span * 0.25)} ${fmt(span)},${fmt(span * 0.35)} q${fmt(span * 0.5)},${fmt(-span * 0.6)} ${fmt(span)},${fmt(-span * 0.35)}`,
    );
  }
  body.push(`<path d="${birds.join(" ")}" fill="none" stroke="#2a1030" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>`);
  return wrapScene(defs, body);
}

function wrapScene(defs: string[], body: string[]): string {
  return `<defs>${defs.join("")}</defs>${body.join("")}`;
}

const SCENES: Record<BackdropPreset, (width: number) => string> = {
  mountain: mountainScene,
  forest: forestScene,
  ocean: oceanScene,
  sunset: sunsetScene,
};

/** Renders a preset landscape as an opaque PNG of exactly `width` × `height` pixels. */
export async function renderBackdrop(preset: BackdropPreset, width: number, height: number): Promise<Buffer> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`Backdrop size must be positive whole pixels, got ${width}×${height}`);
  }
  const scale = Math.min(1, MAX_RENDER_SIDE / Math.max(width, height));
  const renderWidth = Math.max(1, Math.round(width * scale));
  const renderHeight = Math.max(1, Math.round(height * scale));
  const sceneWidth = Math.max(1, Math.round(SCENE_HEIGHT * Math.min(MAX_SCENE_ASPECT, width / height)));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${renderWidth}" height="${renderHeight}" ` +
    `viewBox="0 0 ${sceneWidth} ${SCENE_HEIGHT}" preserveAspectRatio="none">${SCENES[preset](sceneWidth)}</svg>`;
  let image = sharp(Buffer.from(svg)).flatten({ background: "#000000" });
  if (renderWidth !== width || renderHeight !== height) {
    image = sharp(await image.png().toBuffer()).resize(width, height, { fit: "fill", kernel: "lanczos3" });
  }
  return image.png().toBuffer();
}
