// The kinds of operation that make a picture: one list for the recent-results query and for the
// recipe panel's step names. No imports, so the browser bundle can take it as it is.

/** Every kind of operation that makes a picture someone may want back; a tap-to-select mask is not one. */
export const RESULT_KINDS = [
  "generate",
  "edit",
  "background_removal",
  "object_removal",
  "cartoon_style",
  "convert",
  "upscale",
  "expand",
  "blur_background",
  "product_photo",
] as const;

export type ResultKind = (typeof RESULT_KINDS)[number];
