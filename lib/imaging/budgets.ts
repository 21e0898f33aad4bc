// What one image operation may cost, decided from the input's header facts (width and height, read
// without decoding) before any charge or work: the pixels decoded, the pixels made, and the bytes
// of the file it would store. A 12 KB one-bit PNG of 6300×6300 decodes to 40 megapixels and, as a
// BMP, becomes a 119 MB file: small inputs can ask for huge outputs, so the output is bounded too.
import "server-only";
import { env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { upscaleOutputLimit } from "@/lib/validation/limits";
import type { OutputFormat, UpscaleQuality } from "./types";

const MB = 1024 * 1024;

export class ImageBudgetError extends DomainError {
  constructor(message: string, code = "image_output_too_large") {
    super(413, code, message);
  }
}

/** Bytes per pixel of each output format as stored: exact for BMP, a generous estimate for the others. */
const BYTES_PER_PIXEL: Record<OutputFormat, number> = {
  bmp: 3, // 24-bit rows, padded to 4 bytes (added below)
  tiff: 3, // LZW barely shrinks photographs
  png: 2,
  gif: 1, // one palette index per pixel before LZW
  jpeg: 0.5,
  webp: 0.5,
};

const FORMAT_NAMES: Record<OutputFormat, string> = { png: "PNG", jpeg: "JPEG", webp: "WebP", gif: "GIF", bmp: "BMP", tiff: "TIFF" };

export interface Size {
  width: number;
  height: number;
}

export interface OperationBudget {
  decodedPixels: number;
  outputPixels: number;
  outputBytes: number;
}

export function estimateOutputBytes(size: Size, format: OutputFormat): number {
  if (format === "bmp") return 54 + Math.ceil((size.width * 3) / 4) * 4 * size.height;
  return Math.ceil(size.width * size.height * BYTES_PER_PIXEL[format]);
}

/** The cost of turning `inputs` into one image of `output` size and format. */
export function operationBudget(inputs: Size[], output: Size, format: OutputFormat): OperationBudget {
  return {
    decodedPixels: inputs.reduce((sum, input) => sum + input.width * input.height, 0),
    outputPixels: output.width * output.height,
    outputBytes: estimateOutputBytes(output, format),
  };
}

const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;
const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/**
 * Throws a 413 with a message a person can act on when the operation would decode, make or store
 * more than the configured limits (IMAGE_MAX_PIXELS, IMAGE_MAX_OUTPUT_BYTES).
 */
export function assertWithinBudget(inputs: Size[], output: Size, format: OutputFormat): OperationBudget {
  const { IMAGE_MAX_PIXELS: maxPixels, IMAGE_MAX_OUTPUT_BYTES: maxBytes } = env();
  const budget = operationBudget(inputs, output, format);
  // Two inputs (an image and its mask) are allowed the pixels of two full-size images.
  if (budget.decodedPixels > maxPixels * Math.max(1, inputs.length)) {
    throw new ImageBudgetError(`The image has too many pixels (at most ${megapixels(maxPixels)}).`, "image_too_many_pixels");
  }
  if (budget.outputPixels > maxPixels) {
    throw new ImageBudgetError(`The result would have too many pixels (at most ${megapixels(maxPixels)}).`);
  }
  if (budget.outputBytes > maxBytes) {
    throw new ImageBudgetError(
      `As ${FORMAT_NAMES[format]}, this ${output.width}×${output.height} image would be a ${megabytes(budget.outputBytes)} file; ` +
        `the limit is ${megabytes(maxBytes)}. Choose a compressed format such as PNG, JPEG or WebP, or a smaller image.`,
    );
  }
  return budget;
}

/**
 * A guest's work is free, so a guest's image has its own, smaller pixel limit (IMAGE_GUEST_MAX_PIXELS),
 * refused before anything is stored or queued: a 5 KB PNG of 40 megapixels kept a worker busy for
 * seconds per conversion.
 */
export function assertGuestWithinPixels(input: Size): void {
  const { IMAGE_GUEST_MAX_PIXELS: guestMax, IMAGE_MAX_PIXELS: maxPixels } = env();
  if (input.width * input.height > guestMax) {
    throw new ImageBudgetError(
      `The image has too many pixels for a guest (at most ${megapixels(guestMax)}). Sign in to convert images of up to ${megapixels(maxPixels)}.`,
      "guest_image_too_many_pixels",
    );
  }
}

/** Upscaling is slow work: its own, lower output limit comes on top of every operation's budget. */
export function assertUpscaleWithinBudget(input: Size, output: Size, quality: UpscaleQuality): void {
  assertWithinBudget([input], output, "png");
  const limit = upscaleOutputLimit(quality, env().UPSCALE_MAX_OUTPUT_PIXELS);
  if (output.width * output.height > limit) {
    throw new ImageBudgetError(
      `The upscaled image would have ${megapixels(output.width * output.height)}; ${quality === "fast" ? "Fast" : "High quality"} upscaling makes at most ` +
        `${megapixels(limit)}. Choose a smaller scale${quality === "high" ? " or Fast quality" : ""}, or a smaller image.`,
    );
  }
}

/**
 * What a worker checks of the file it made, whatever the estimate said: a result over the output
 * limits is never stored, and the operation is refunded.
 */
export function assertResultWithinBudget(result: { width: number; height: number; buffer: Buffer }): void {
  const { IMAGE_MAX_PIXELS: maxPixels, IMAGE_MAX_OUTPUT_BYTES: maxBytes } = env();
  if (result.width * result.height > maxPixels) {
    throw new ImageBudgetError(`The result would have too many pixels (at most ${megapixels(maxPixels)}).`);
  }
  if (result.buffer.length > maxBytes) {
    throw new ImageBudgetError(`The result would be a ${megabytes(result.buffer.length)} file; the limit is ${megabytes(maxBytes)}. Choose a smaller image.`);
  }
}
