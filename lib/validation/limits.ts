// Limits shared by the schemas and the screens. Kept apart from the zod schemas so the browser can
// read a number without downloading the validation library.
export const PASSWORD_MIN_LENGTH = 6;
export const PROMPT_MAX = 500;
export const STYLE_TEXT_MAX = 200;
/** How many images one generate request may ask for; each is its own operation and charge. */
export const MAX_VARIANTS = 4;
/** The largest image file one upload may be, in bytes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The default largest upscaled image at fast quality, in pixels (UPSCALE_MAX_OUTPUT_PIXELS);
 * high quality, about four times slower, makes a quarter of it. The server enforces its own setting.
 */
export const UPSCALE_MAX_OUTPUT_PIXELS = 16_000_000;
export const upscaleOutputLimit = (quality: "fast" | "high", fastLimit = UPSCALE_MAX_OUTPUT_PIXELS) =>
  quality === "fast" ? fastLimit : Math.floor(fastLimit / 4);

/** Taps per tap-to-select request: a selection is refined with a few, and each one lengthens the decoder's prompt. */
export const SEGMENT_MAX_POINTS = 24;

/** How long a share link works (POST /api/shares `expiresIn`), and the longest caption it takes. */
export const SHARE_EXPIRIES = ["1d", "7d", "30d", "never"] as const;
export const SHARE_CAPTION_MAX = 280;
