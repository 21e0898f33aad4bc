// The zoom viewer's arithmetic (spec §4, §9): scale 0.5 to 5, the wheel multiplies by 0.9 or 1.1,
// the buttons by 1.2 and 0.8, reset returns to 1.
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 5;

export const clampZoom = (scale: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));
export const zoomIn = (scale: number) => clampZoom(scale * 1.2);
export const zoomOut = (scale: number) => clampZoom(scale * 0.8);
/** Wheel up (negative deltaY) zooms in. */
export const zoomByWheel = (scale: number, deltaY: number) => clampZoom(scale * (deltaY < 0 ? 1.1 : 0.9));
