// Loads the OpenCV WebAssembly build once, on first use, and moves pixels between sharp's RGBA
// buffers and OpenCV matrices for the local image steps.
import "server-only";
import type { RgbaPixels } from "../asset";
import { requireInstalled } from "./installed-package";

/** The part of a `cv.Mat` the local steps use; the package's own typings are too loose to rely on. */
export interface CvMat {
  readonly rows: number;
  readonly cols: number;
  /** Views into the WebAssembly heap: valid only until the next allocation may grow it. */
  readonly data: Uint8Array;
  readonly data32F: Float32Array;
  readonly data32S: Int32Array;
  type(): number;
  channels(): number;
  delete(): void;
}

export interface CvSize {
  width: number;
  height: number;
}

export interface CvPoint {
  x: number;
  y: number;
}

export type CvScalar = [number, number, number, number];

export interface CvTermCriteria {
  type: number;
  maxCount: number;
  epsilon: number;
}

/** The OpenCV functions and constants the local steps call, typed as this build implements them. */
export interface Cv {
  Mat: {
    new (): CvMat;
    new (rows: number, cols: number, type: number): CvMat;
    new (rows: number, cols: number, type: number, value: CvScalar): CvMat;
  };
  TermCriteria: new (type: number, maxCount: number, epsilon: number) => CvTermCriteria;

  CV_8UC1: number;
  CV_8UC3: number;
  CV_8UC4: number;
  CV_32F: number;
  CV_32FC1: number;
  CV_32S: number;

  COLOR_RGB2RGBA: number;
  COLOR_GRAY2RGBA: number;
  COLOR_RGB2GRAY: number;

  THRESH_BINARY: number;
  THRESH_BINARY_INV: number;
  ADAPTIVE_THRESH_MEAN_C: number;
  MORPH_ELLIPSE: number;
  INTER_AREA: number;
  INTER_LINEAR: number;
  INTER_CUBIC: number;
  BORDER_REPLICATE: number;
  DIST_L2: number;
  DIST_MASK_PRECISE: number;
  INPAINT_TELEA: number;
  KMEANS_PP_CENTERS: number;
  TermCriteria_EPS: number;
  TermCriteria_MAX_ITER: number;

  cvtColor(src: CvMat, dst: CvMat, code: number, dstCn?: number): void;
  resize(src: CvMat, dst: CvMat, size: CvSize, fx?: number, fy?: number, interpolation?: number): void;
  threshold(src: CvMat, dst: CvMat, thresh: number, maxval: number, type: number): number;
  adaptiveThreshold(src: CvMat, dst: CvMat, maxValue: number, method: number, type: number, blockSize: number, c: number): void;
  bilateralFilter(src: CvMat, dst: CvMat, d: number, sigmaColor: number, sigmaSpace: number, borderType?: number): void;
  medianBlur(src: CvMat, dst: CvMat, ksize: number): void;
  GaussianBlur(src: CvMat, dst: CvMat, ksize: CvSize, sigmaX: number, sigmaY?: number, borderType?: number): void;
  Canny(src: CvMat, edges: CvMat, threshold1: number, threshold2: number, apertureSize?: number, l2Gradient?: boolean): void;
  Sobel(src: CvMat, dst: CvMat, ddepth: number, dx: number, dy: number, ksize?: number, scale?: number, delta?: number, borderType?: number): void;
  getStructuringElement(shape: number, size: CvSize): CvMat;
  dilate(src: CvMat, dst: CvMat, kernel: CvMat, anchor?: CvPoint, iterations?: number): void;
  distanceTransform(src: CvMat, dst: CvMat, distanceType: number, maskSize: number): void;
  inpaint(src: CvMat, mask: CvMat, dst: CvMat, inpaintRadius: number, flags: number): void;
  kmeans(data: CvMat, k: number, bestLabels: CvMat, criteria: CvTermCriteria, attempts: number, flags: number, centers: CvMat): number;
  connectedComponentsWithStats(image: CvMat, labels: CvMat, stats: CvMat, centroids: CvMat, connectivity: number, ltype: number): number;
  setRNGSeed(seed: number): void;
}

/** What the package's module object looks like before its runtime is ready. */
interface EmscriptenModule {
  calledRun?: boolean;
  onRuntimeInitialized?: () => void;
  then?: unknown;
  Mat?: unknown;
}

let loading: Promise<Cv> | undefined;

/**
 * The OpenCV module, compiled and initialised on the first call (≈ 0.2 s) and shared afterwards.
 * A failed load is not memoised so that the next request can try again.
 */
export function loadOpenCv(): Promise<Cv> {
  loading ??= initialise().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function initialise(): Promise<Cv> {
  const listenersBefore: ProcessHandlers = {
    uncaughtException: new Set(process.listeners("uncaughtException")),
    unhandledRejection: new Set(process.listeners("unhandledRejection")),
  };
  // Not `import()`: Emscripten makes the module object thenable (its `then` resolves to the module
  // itself), so awaiting an import of it, or returning it from an async function, loops forever in
  // microtasks. A CommonJS require hands the object over without promise adoption.
  const emscripten = requireInstalled<EmscriptenModule>("@techstark/opencv-js");
  removeEmscriptenProcessHooks(listenersBefore);

  await new Promise<void>((resolve, reject) => {
    if (emscripten.calledRun && emscripten.Mat) return resolve();
    const timer = setTimeout(() => reject(new Error("OpenCV did not initialise within 30 s")), 30_000);
    const previous = emscripten.onRuntimeInitialized;
    emscripten.onRuntimeInitialized = () => {
      clearTimeout(timer);
      previous?.();
      resolve();
    };
  });
  // With `then` gone the module is an ordinary object that callers can safely return from async code.
  delete emscripten.then;
  return emscripten as unknown as Cv;
}

/**
 * Emscripten's Node glue installs process-wide handlers that rethrow every uncaught exception and
 * abort the WebAssembly runtime on any unhandled rejection, so one stray rejection anywhere in the
 * server would kill OpenCV (or the process). The server keeps its own error handling instead.
 */
function removeEmscriptenProcessHooks(before: ProcessHandlers) {
  const isEmscripten = (listener: (...args: never[]) => unknown) => listener.name === "abort" || String(listener).includes("ExitStatus");
  for (const listener of process.listeners("uncaughtException")) {
    if (!before.uncaughtException.has(listener) && isEmscripten(listener)) process.removeListener("uncaughtException", listener);
  }
  for (const listener of process.listeners("unhandledRejection")) {
    if (!before.unhandledRejection.has(listener) && isEmscripten(listener)) process.removeListener("unhandledRejection", listener);
  }
}

interface ProcessHandlers {
  uncaughtException: Set<NodeJS.UncaughtExceptionListener>;
  unhandledRejection: Set<NodeJS.UnhandledRejectionListener>;
}

/**
 * Collects the Mats a step allocates so one `finally` frees them all: they live in the WebAssembly
 * heap, which the JavaScript garbage collector never reclaims.
 */
export class MatScope {
  private readonly owned: { delete(): void }[] = [];

  constructor(readonly cv: Cv) {}

  /** Registers anything OpenCV allocated (a Mat, a structuring element) for deletion and returns it. */
  keep<T extends { delete(): void }>(value: T): T {
    this.owned.push(value);
    return value;
  }

  /** A new empty Mat, deleted with the scope. */
  mat(): CvMat {
    return this.keep(new this.cv.Mat());
  }

  deleteAll(): void {
    for (const value of this.owned.splice(0).reverse()) {
      try {
        value.delete();
      } catch {
        // A Mat that is already deleted must not stop the others from being freed.
      }
    }
  }
}

/** Runs `work` with a MatScope whose Mats are freed however `work` ends. */
export async function withMats<T>(work: (scope: MatScope, cv: Cv) => T | Promise<T>): Promise<T> {
  const cv = await loadOpenCv();
  const scope = new MatScope(cv);
  try {
    return await work(scope, cv);
  } finally {
    scope.deleteAll();
  }
}

/** Copies RGBA pixels into a new 4-channel Mat owned by `scope`. */
export function matFromRgba(scope: MatScope, pixels: RgbaPixels): CvMat {
  const { cv } = scope;
  const expected = pixels.width * pixels.height * 4;
  if (pixels.data.length !== expected) throw new Error(`RGBA buffer holds ${pixels.data.length} bytes, expected ${expected}`);
  const mat = scope.keep(new cv.Mat(pixels.height, pixels.width, cv.CV_8UC4));
  mat.data.set(pixels.data);
  return mat;
}

/** Copies RGB pixels (3 bytes a pixel) into a new 3-channel Mat owned by `scope`. */
export function matFromRgb(scope: MatScope, data: Uint8Array, width: number, height: number): CvMat {
  const { cv } = scope;
  if (data.length !== width * height * 3) throw new Error(`RGB buffer holds ${data.length} bytes, expected ${width * height * 3}`);
  const mat = scope.keep(new cv.Mat(height, width, cv.CV_8UC3));
  mat.data.set(data);
  return mat;
}

/**
 * Copies an 8-bit Mat (1, 3 or 4 channels) out of the WebAssembly heap as RGBA pixels; grey and RGB
 * Mats become opaque RGBA.
 */
export function rgbaFromMat(scope: MatScope, mat: CvMat): RgbaPixels {
  const { cv } = scope;
  let rgba = mat;
  const channels = mat.channels();
  if (channels !== 4) {
    rgba = scope.mat();
    cv.cvtColor(mat, rgba, channels === 1 ? cv.COLOR_GRAY2RGBA : cv.COLOR_RGB2RGBA);
  }
  if (rgba.type() !== cv.CV_8UC4) throw new Error("rgbaFromMat expects an 8-bit Mat");
  // Buffer.from copies: the heap view would be invalidated as soon as WebAssembly memory grows.
  return { data: Buffer.from(rgba.data), width: rgba.cols, height: rgba.rows };
}

/** Copies an 8-bit Mat's bytes out of the WebAssembly heap, whatever its channel count. */
export function bytesFromMat(mat: CvMat): Uint8Array {
  return new Uint8Array(mat.data);
}

/**
 * A Gaussian blur whose cost does not grow with `sigma`: OpenCV.js runs without SIMD or threads, so
 * a direct blur with sigma 40 (a 240-tap kernel) takes seconds on a megapixel. Wide blurs run on a
 * copy reduced until the remaining sigma is 2, which is indistinguishable once scaled back up.
 */
export function gaussianBlur(scope: MatScope, source: CvMat, sigma: number): CvMat {
  const { cv } = scope;
  const blurred = scope.mat();
  const factor = sigma > 4 ? sigma / 2 : 1;
  if (factor === 1) {
    cv.GaussianBlur(source, blurred, { width: 0, height: 0 }, Math.max(0.3, sigma), 0, cv.BORDER_REPLICATE);
    return blurred;
  }
  const reduced = scope.mat();
  cv.resize(
    source,
    reduced,
    { width: Math.max(1, Math.round(source.cols / factor)), height: Math.max(1, Math.round(source.rows / factor)) },
    0,
    0,
    cv.INTER_AREA,
  );
  cv.GaussianBlur(reduced, blurred, { width: 0, height: 0 }, sigma / factor, 0, cv.BORDER_REPLICATE);
  const full = scope.mat();
  cv.resize(blurred, full, { width: source.cols, height: source.rows }, 0, 0, cv.INTER_LINEAR);
  return full;
}

/**
 * Deterministic noise with unit standard deviation, blurred to grains about `grain` pixels across:
 * film grain, paper and clay textures. Hashing the absolute position (plus `seed`) means a crop of
 * an image gets the same noise as the whole, and the same request gives the same picture.
 */
export function smoothNoise(scope: MatScope, width: number, height: number, grain: number, seed = 0, originX = 0, originY = 0): Float32Array {
  const { cv } = scope;
  const noise = scope.keep(new cv.Mat(height, width, cv.CV_32FC1));
  const raw = noise.data32F;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw[y * width + x] = hashNoise(originX + x, originY + y, seed);
  }
  const soft = gaussianBlur(scope, noise, grain);
  const field = new Float32Array(soft.data32F);
  let sumSquares = 0;
  for (const v of field) sumSquares += v * v;
  const gain = 1 / Math.sqrt(sumSquares / field.length || 1);
  for (let i = 0; i < field.length; i++) field[i] = (field[i] ?? 0) * gain;
  return field;
}

/** Uniform noise in [-0.5, 0.5) from a pixel position (an integer hash, so no state to seed). */
function hashNoise(x: number, y: number, seed: number): number {
  let h = Math.imul(x ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((y + seed * 7919) ^ 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 0x100000000 - 0.5;
}
