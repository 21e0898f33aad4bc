// npm run bench:imaging — time per megapixel and peak memory of every local image operation on
// 1-megapixel real photos (tap-to-select: per image encoded and per tap), and background removal beside a plain @imgly/background-removal-node
// call on the same image and model. Each operation runs in its own process so its peak memory is
// its own. Upscaling is measured per megapixel of its input (its output is 4 or 16 times larger).
// Background removal keeps the masks of the last few photos it saw, so its timed runs each get a
// photo of their own (the same picture with one pixel changed) and measure the model; the same photo
// again, served from that cache, is a line of its own.
// Then the object-removal fill's quality and time on pasted objects, some across a strong edge
// (scripts/bench/fill-quality.ts); the run fails when a fill is over its time budget, keeps too
// little texture or is too far off in mean colour. First, what signed Content Credentials cost a
// 1-MP PNG and JPEG result (scripts/bench/content-credentials.ts), failing over 100 ms or 40 kB, and
// what the image check costs: its model's load and a 1-MP classification (scripts/bench/image-moderation.ts), failing over 150 ms.
// BENCH_ONLY=<text> runs only the operations whose name contains it. Run with the react-server
// condition so server-only modules load outside Next.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import type { ImageAsset } from "../lib/imaging/types";
import { measureContentCredentials, printCredentialsTable } from "./bench/content-credentials";
import { FILL_CASES, measureFill, printFillTable, type FillMeasurement } from "./bench/fill-quality";
import { measureImageModeration, printModerationLine } from "./bench/image-moderation";

const ROOT = path.resolve(__dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CREDENTIALS_NAME = "content credentials";
const MODERATION_NAME = "image moderation";

interface Result {
  name: string;
  megapixels: number;
  firstMs: number;
  medianMs: number;
  peakRssMb: number;
}

async function onePhotoMegapixel(name: string, width: number, height: number): Promise<ImageAsset> {
  const buffer = await sharp(readFileSync(path.join(ROOT, "tests/fixtures/photos", name)))
    .resize(width, height)
    .png()
    .toBuffer();
  return { buffer, contentType: "image/png", width, height };
}

async function circleMask(width: number, height: number, style: "black-on-white" | "white-on-black"): Promise<ImageAsset> {
  const [paper, ink] = style === "black-on-white" ? ["#fff", "#000"] : ["#000", "#fff"];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${paper}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.round(width / 10)}" fill="${ink}"/></svg>`;
  return { buffer: await sharp(Buffer.from(svg)).png().toBuffer(), contentType: "image/png", width, height };
}

/** Called with the run's number (0 for the cold run). */
type Operation = (run: number) => Promise<unknown>;

interface Entry {
  megapixels: number;
  run: Operation;
  /** Work done before the first timed call, outside the timings. */
  prepare?: () => Promise<void>;
}

/** The photo once per run, each differing from the others in one pixel: no cache keyed by the pixels can answer. */
function distinctCopies(image: ImageAsset, count: number): { prepare: () => Promise<void>; copy: (run: number) => ImageAsset } {
  const copies: ImageAsset[] = [];
  return {
    prepare: async () => {
      const { data, info } = await sharp(image.buffer).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      for (let run = 0; run < count; run += 1) {
        const pixels = Buffer.from(data);
        pixels[0] = (pixels[0]! + 1 + run) % 256;
        const buffer = await sharp(pixels, { raw: { width: info.width, height: info.height, channels: 4 } })
          .png()
          .toBuffer();
        copies.push({ ...image, buffer });
      }
    },
    copy: (run) => copies[run]!,
  };
}

async function operations(): Promise<Record<string, Entry>> {
  const { generateLocal } = await import("../lib/imaging/local/generate");
  const { editLocal } = await import("../lib/imaging/local/edit");
  const { convertLocal } = await import("../lib/imaging/local/convert");
  const { inpaintLocal } = await import("../lib/imaging/local/inpaint");
  const { cartoonizeLocal } = await import("../lib/imaging/local/cartoon");
  const { removeBackgroundLocal } = await import("../lib/imaging/local/remove-background");
  const { upscaleLocal } = await import("../lib/imaging/local/upscale");
  const { encoderInput, frameOf, maskFromEmbedding } = await import("../lib/imaging/local/segment");
  const { encodeImage } = await import("../lib/imaging/local/segment-model");
  const { decodeRgba } = await import("../lib/imaging/asset");
  const astronaut = await onePhotoMegapixel("astronaut.png", 1024, 1024);
  const coffee = await onePhotoMegapixel("coffee.png", 1224, 816);
  const mp = (image: ImageAsset) => (image.width * image.height) / 1_000_000;
  const forBackground = distinctCopies(astronaut, RUNS + 1);
  const table: Record<string, Entry> = {
    "generate 1024x1024": { megapixels: 1.048576, run: () => generateLocal({ prompt: "mountains over a calm ocean at sunset", width: 1024, height: 1024 }) },
    "edit (vintage, blur)": { megapixels: mp(coffee), run: () => editLocal({ image: coffee, prompt: "vintage and blur" }) },
    "remove background (transparent)": {
      megapixels: mp(astronaut),
      prepare: forBackground.prepare,
      run: (run) => removeBackgroundLocal({ image: forBackground.copy(run), background: { preset: "none" } }),
    },
    "remove background (mountain)": {
      megapixels: mp(astronaut),
      prepare: forBackground.prepare,
      run: (run) => removeBackgroundLocal({ image: forBackground.copy(run), background: { preset: "mountain" } }),
    },
    // The same photo every run: after the cold run, each mask comes from the recent-mask cache.
    "remove background (cached mask, same photo)": {
      megapixels: mp(astronaut),
      run: () => removeBackgroundLocal({ image: astronaut, background: { preset: "none" } }),
    },
    "remove object (black on white)": {
      megapixels: mp(coffee),
      run: async () => inpaintLocal({ image: coffee, mask: await circleMask(coffee.width, coffee.height, "black-on-white"), maskStyle: "black-on-white" }),
    },
    "remove object (white on black)": {
      megapixels: mp(coffee),
      run: async () => inpaintLocal({ image: coffee, mask: await circleMask(coffee.width, coffee.height, "white-on-black"), maskStyle: "white-on-black" }),
    },
    "convert to webp": { megapixels: mp(coffee), run: () => convertLocal({ image: coffee, format: "webp", quality: 90 }) },
    "convert to jpeg": { megapixels: mp(coffee), run: () => convertLocal({ image: coffee, format: "jpeg", quality: 95 }) },
    "convert to bmp": { megapixels: mp(coffee), run: () => convertLocal({ image: coffee, format: "bmp", quality: 90 }) },
  };
  // Tap-to-select without the embedding cache (which needs the database): one image's encoding, and
  // one tap's decoding from an embedding computed in the first (cold) run.
  const encodeCoffee = async () => {
    const pixels = await decodeRgba(coffee);
    const frame = frameOf(pixels.width, pixels.height);
    return { frame, embedding: await encodeImage(await encoderInput(pixels, frame)) };
  };
  let encoded: Awaited<ReturnType<typeof encodeCoffee>> | undefined;
  table["segment: encode (once per image)"] = { megapixels: mp(coffee), run: encodeCoffee };
  table["segment: decode (per tap)"] = {
    megapixels: mp(coffee),
    run: async () => {
      encoded ??= await encodeCoffee();
      return maskFromEmbedding(encoded.embedding, [{ x: 600, y: 470, label: 1 }], encoded.frame);
    },
  };
  for (const style of ["cartoon", "anime", "clay", "3d", "retro", "studio"] as const) {
    table[`cartoon ${style}`] = { megapixels: mp(astronaut), run: () => cartoonizeLocal({ image: astronaut, style }) };
  }
  const small = await onePhotoMegapixel("coffee.png", 612, 408);
  const smaller = await onePhotoMegapixel("coffee.png", 306, 204);
  table["upscale x2 fast (per input MP)"] = { megapixels: mp(small), run: () => upscaleLocal({ image: small, scale: 2, quality: "fast" }) };
  table["upscale x4 fast (per input MP)"] = { megapixels: mp(smaller), run: () => upscaleLocal({ image: smaller, scale: 4, quality: "fast" }) };
  table["upscale x2 high (per input MP)"] = { megapixels: mp(smaller), run: () => upscaleLocal({ image: smaller, scale: 2, quality: "high" }) };
  table["upscale x4 high (per input MP)"] = { megapixels: mp(smaller), run: () => upscaleLocal({ image: smaller, scale: 4, quality: "high" }) };
  table["plain @imgly removeBackground (same model)"] = {
    megapixels: mp(astronaut),
    prepare: forBackground.prepare,
    run: async (run) => {
      const { removeBackground } = await import("@imgly/background-removal-node");
      const dist = path.dirname(require.resolve("@imgly/background-removal-node"));
      const blob = new Blob([new Uint8Array(forBackground.copy(run).buffer)], { type: "image/png" });
      return removeBackground(blob, { model: "medium", publicPath: pathToFileURL(`${dist}/`).href, output: { format: "image/png" } });
    },
  };
  return table;
}

async function measure(name: string): Promise<void> {
  const table = await operations();
  const entry = table[name];
  if (!entry) throw new Error(`Unknown operation ${name}`);
  await entry.prepare?.();
  const times: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const started = performance.now();
    await entry.run(run);
    times.push(performance.now() - started);
  }
  const [first, ...rest] = times;
  const sorted = rest.sort((a, b) => a - b);
  const result: Result = {
    name,
    megapixels: entry.megapixels,
    firstMs: first!,
    medianMs: sorted[Math.floor(sorted.length / 2)]!,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

const FILL_PREFIX = "fill: ";

async function measureFillCase(name: string): Promise<void> {
  const fillCase = FILL_CASES.find((candidate) => candidate.name === name);
  if (!fillCase) throw new Error(`Unknown fill case ${name}`);
  process.stdout.write(`${JSON.stringify(await measureFill(fillCase))}\n`);
}

/** Runs `name` in its own process (its peak memory its own) and returns its one JSON line. */
function inChild(name: string): string | null {
  const child = spawnSync(process.execPath, [...process.execArgv, __filename, name], { cwd: ROOT, encoding: "utf8", env: process.env, maxBuffer: 1 << 24 });
  const line = child.stdout.trim().split("\n").at(-1) ?? "";
  if (child.status !== 0 || !line.startsWith("{")) {
    console.error(`${name} failed:\n${child.stderr}`);
    process.exitCode = 1;
    return null;
  }
  return line;
}

function runFillCases(): void {
  const measurements: FillMeasurement[] = [];
  for (const fillCase of FILL_CASES) {
    if (!`${FILL_PREFIX}${fillCase.name}`.includes(process.env.BENCH_ONLY ?? "")) continue;
    const line = inChild(`${FILL_PREFIX}${fillCase.name}`);
    if (line) measurements.push(JSON.parse(line) as FillMeasurement);
  }
  if (measurements.length === 0) return;
  printFillTable(measurements);
  if (measurements.some((measurement) => !measurement.withinBudget)) {
    console.error("\nA fill is over its budget.");
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const only = process.argv[2];
  if (only?.startsWith(FILL_PREFIX)) return measureFillCase(only.slice(FILL_PREFIX.length));
  if (only) return measure(only);
  if (CREDENTIALS_NAME.includes(process.env.BENCH_ONLY ?? "")) {
    const credentials = await measureContentCredentials(ROOT, RUNS);
    printCredentialsTable(credentials);
    if (credentials.some((entry) => !entry.withinBudget)) {
      console.error("\nContent Credentials are over their budget.");
      process.exitCode = 1;
    }
  }
  if (MODERATION_NAME.includes(process.env.BENCH_ONLY ?? "")) {
    const moderation = await measureImageModeration(ROOT, Math.max(RUNS, 5));
    printModerationLine(moderation);
    if (!moderation.withinBudget) {
      console.error("\nThe image check is over its budget.");
      process.exitCode = 1;
    }
  }
  const names = Object.keys(await operations()).filter((name) => name.includes(process.env.BENCH_ONLY ?? ""));
  const results: Result[] = [];
  for (const name of names) {
    const line = inChild(name);
    if (line) results.push(JSON.parse(line) as Result);
  }
  if (results.length === 0) return runFillCases();
  console.log(`Local image operations, ${RUNS} timed runs after a first (cold) run, median shown.\n`);
  console.log("operation                                    | MP   | first ms | median ms | ms per MP | peak RSS MB");
  console.log("---------------------------------------------|------|----------|-----------|-----------|------------");
  for (const result of results) {
    console.log(
      `${result.name.padEnd(45)}| ${result.megapixels.toFixed(2)} | ${result.firstMs.toFixed(0).padStart(8)} | ${result.medianMs.toFixed(0).padStart(9)} | ${(result.medianMs / result.megapixels).toFixed(0).padStart(9)} | ${result.peakRssMb.toFixed(0).padStart(10)}`,
    );
  }
  const encode = results.find((result) => result.name.startsWith("segment: encode"));
  const decode = results.find((result) => result.name.startsWith("segment: decode"));
  if (encode && decode) {
    console.log(
      `\nTap-to-select: encoding ${encode.medianMs.toFixed(0)} ms per image (${(encode.medianMs / encode.megapixels).toFixed(0)} ms per MP; the model always sees 1024 px), ` +
        `then ${decode.medianMs.toFixed(0)} ms per tap; peak RSS ${Math.max(encode.peakRssMb, decode.peakRssMb).toFixed(0)} MB.`,
    );
  }
  const ours = results.find((result) => result.name === "remove background (transparent)");
  const cached = results.find((result) => result.name.startsWith("remove background (cached mask"));
  const plain = results.find((result) => result.name.startsWith("plain @imgly"));
  if (ours && plain) {
    console.log(
      `\nBackground removal, a new photo each call: ours ${ours.medianMs.toFixed(0)} ms per call with the model kept loaded (first call, loading it: ${ours.firstMs.toFixed(0)} ms), ` +
        `plain library call ${plain.medianMs.toFixed(0)} ms (${(plain.medianMs / ours.medianMs).toFixed(1)}x).`,
    );
  }
  if (cached)
    console.log(`Background removal, the same photo again (mask from the recent-mask cache, no model run): ${cached.medianMs.toFixed(0)} ms per call.`);
  runFillCases();
}

void main();
