// The image engine's vocabulary: what an image is as it passes between steps, the operations the
// product offers, and the interface every provider (the local engine, Flux, OpenAI) implements.
import type { EngineOperation as RegistryEngineOperation } from "@/lib/tools/registry";

/** An encoded image in memory, with what its bytes were found to be. */
export interface ImageAsset {
  buffer: Buffer;
  /** e.g. image/png, image/jpeg, image/webp, image/gif, image/bmp, image/tiff */
  contentType: string;
  width: number;
  height: number;
}

export const BACKGROUND_PRESETS = ["none", "mountain", "forest", "ocean", "sunset"] as const;
export type BackgroundPreset = (typeof BACKGROUND_PRESETS)[number];

export const CARTOON_STYLES = ["cartoon", "anime", "clay", "3d", "retro", "studio"] as const;
/** One of the cartoon tool's looks (its style cards). */
export type CartoonLook = (typeof CARTOON_STYLES)[number];

export const OUTPUT_FORMATS = ["png", "jpeg", "webp", "gif", "bmp", "tiff"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const ASPECT_RATIOS = ["square", "portrait", "landscape"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/**
 * How a painted mask marks the area to remove: the object removal tool paints the object black on
 * white, the Flux removal tool paints it white on black.
 */
export const MASK_STYLES = ["black-on-white", "white-on-black"] as const;
export type MaskStyle = (typeof MASK_STYLES)[number];

export type Background = { preset: BackgroundPreset } | { prompt: string };

/** For providers that take one (see `ImageProvider.seeded`): the same seed and inputs give the same image. */
interface Seeded {
  seed?: number;
}

export interface GenerateInput extends Seeded {
  prompt: string;
  width: number;
  height: number;
}

export interface EditInput extends Seeded {
  image: ImageAsset;
  prompt: string;
}

export interface RemoveBackgroundInput extends Seeded {
  image: ImageAsset;
  background: Background;
}

export interface RemoveObjectInput extends Seeded {
  image: ImageAsset;
  /** Same size as the image (providers resize it if not). */
  mask: ImageAsset;
  maskStyle: MaskStyle;
  prompt?: string;
  /** Called as the work advances, with the share done (0–1). */
  onProgress?: (done: number) => void;
}

export interface CartoonizeInput extends Seeded {
  image: ImageAsset;
  /** A preset, or null with `customStyle` text. */
  style: CartoonLook | null;
  customStyle?: string;
}

export interface ConvertInput {
  image: ImageAsset;
  format: OutputFormat;
  /** 1–100, used by lossy formats. */
  quality: number;
}

/** How far each side of a picture is grown, in pixels. */
export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The frames an expand can grow a picture to, as width:height. */
export const EXPAND_ASPECTS = ["1:1", "4:5", "3:2", "16:9", "9:16"] as const;
export type ExpandAspect = (typeof EXPAND_ASPECTS)[number];

export interface ExpandInput extends Seeded {
  image: ImageAsset;
  margins: Margins;
  /** What the new borders should show; without one they continue the picture. */
  prompt?: string;
  onProgress?: (done: number) => void;
}

export const UPSCALE_FACTORS = [2, 4] as const;
export type UpscaleFactor = (typeof UPSCALE_FACTORS)[number];

/** fast: the slim ESRGAN models; high: the medium ones, about four times slower. */
export const UPSCALE_QUALITIES = ["fast", "high"] as const;
export type UpscaleQuality = (typeof UPSCALE_QUALITIES)[number];

export interface UpscaleInput {
  image: ImageAsset;
  scale: UpscaleFactor;
  quality: UpscaleQuality;
  /** Called as the work advances, with the share done (0–1). */
  onProgress?: (done: number) => void;
}

/** The operations the providers offer, as the tool registry names them (lib/tools/registry.ts). */
export type EngineOperation = RegistryEngineOperation;

/** The largest seed recorded and sent (providers take a 32-bit signed integer at least). */
export const MAX_SEED = 2_147_483_647;

/** What an operation records about its provider: enough for the web tier, which never runs one. */
export interface ProviderProfile {
  /** Recorded with every operation, e.g. "local", "flux", "openai". */
  id: string;
  /** The model (or, for the local engine, the method) each operation uses, as a recipe names it. */
  models: Partial<Record<EngineOperation, string>>;
  /** Operations that take a seed; the others are reproducible from their inputs alone, or not at all. */
  seeded: readonly EngineOperation[];
}

/**
 * What a provider can do; each method is present only when the provider offers it. Work only the
 * local engine does (a tool's engine function in lib/tools/registry.engine.ts calls it directly) is not here.
 */
export interface ImageProvider extends ProviderProfile {
  generate?(input: GenerateInput, signal?: AbortSignal): Promise<ImageAsset>;
  edit?(input: EditInput, signal?: AbortSignal): Promise<ImageAsset>;
  removeBackground?(input: RemoveBackgroundInput, signal?: AbortSignal): Promise<ImageAsset>;
  removeObject?(input: RemoveObjectInput, signal?: AbortSignal): Promise<ImageAsset>;
  cartoonize?(input: CartoonizeInput, signal?: AbortSignal): Promise<ImageAsset>;
  convert?(input: ConvertInput, signal?: AbortSignal): Promise<ImageAsset>;
  /** Exactly `scale` times the input's width and height. */
  upscale?(input: UpscaleInput, signal?: AbortSignal): Promise<ImageAsset>;
  /** The picture on a larger canvas, its own pixels unchanged and the margins synthesised. */
  expand?(input: ExpandInput, signal?: AbortSignal): Promise<ImageAsset>;
}
