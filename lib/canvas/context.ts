// A 2D context for a canvas, or null where the browser gives none. Some browsers throw instead of
// returning null when canvases are disabled, and jsdom in the tests has none: callers treat both alike.

export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D | null {
  try {
    return canvas.getContext("2d");
  } catch {
    return null;
  }
}

/** A new offscreen canvas of that size and its 2D context, or null where there is no context. */
export function offscreenCanvas(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } | null {
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = context2d(canvas);
  return context ? { canvas, context } : null;
}

/** The canvas as a file; `failure` makes the error when it cannot be (a tainted or oversized canvas throws rather than calling back). */
export function canvasBlob(canvas: HTMLCanvasElement, failure: () => Error, type = "image/png", quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(failure())), type, quality);
    } catch {
      reject(failure());
    }
  });
}
