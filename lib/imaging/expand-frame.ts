// The frame an expand grows a photo to, shared by the server (which charges and runs it) and the
// expand screen (which draws it over the photo first), so the preview is exactly what is made.
// Pure arithmetic, safe to import in the browser.
import type { ExpandAspect, Margins } from "./types";

/** The most an expand adds on one side, in pixels; the whole result is bounded by the pixel budget too. */
export const MAX_EXPAND_SIDE = 8192;

export interface FrameSize {
  width: number;
  height: number;
}

/** The pixels to add on each side so the picture fills the frame, split evenly between opposite sides. */
export function marginsForAspect(size: FrameSize, aspect: ExpandAspect | string): Margins {
  const [across, down] = aspect.split(":").map(Number) as [number, number];
  const ratio = across / down;
  let width = size.width;
  let height = size.height;
  if (size.width / size.height < ratio) width = Math.round(size.height * ratio);
  else height = Math.round(size.width / ratio);
  const extraWidth = width - size.width;
  const extraHeight = height - size.height;
  return {
    top: Math.floor(extraHeight / 2),
    bottom: extraHeight - Math.floor(extraHeight / 2),
    left: Math.floor(extraWidth / 2),
    right: extraWidth - Math.floor(extraWidth / 2),
  };
}

/** The whole frame's size once the margins are added. */
export function expandedSize(size: FrameSize, margins: Margins): FrameSize {
  return { width: size.width + margins.left + margins.right, height: size.height + margins.top + margins.bottom };
}

/**
 * Where the original photo sits inside the expanded frame, as fractions of the frame (0–1), for an
 * overlay drawn at any display size.
 */
export function photoPlacement(size: FrameSize, margins: Margins): { left: number; top: number; width: number; height: number } {
  const frame = expandedSize(size, margins);
  return {
    left: margins.left / frame.width,
    top: margins.top / frame.height,
    width: size.width / frame.width,
    height: size.height / frame.height,
  };
}
