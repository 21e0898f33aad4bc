// The box around the pixels of a picture that pass a test (a hole's pixels, a cut-out's opaque
// ones), for the local engine's steps that work only where something is.

/** Inclusive corners of the smallest box holding every pixel for which `inside(index)` holds, or null when none does. */
export function pixelBounds(width: number, height: number, inside: (index: number) => boolean): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (!inside(y * width + x)) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}
