// The brush as a state machine over pointer events, so a mouse, a finger and a pen paint the same
// strokes: press starts a stroke, moves extend it, release (or a cancelled touch) ends it; undo drops
// the last stroke and clear drops them all. Pure, for the painting canvases and their tests.
import type { Point, Size, Stroke } from "./shapes";

/** What the reducer needs from a PointerEvent (React's or the DOM's). */
export interface PointerSample {
  pointerId: number;
  pointerType: string;
  isPrimary: boolean;
  clientX: number;
  clientY: number;
}

/** Where the painted element sits on the page, as getBoundingClientRect gives it. */
export interface ElementBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PaintState {
  strokes: Stroke[];
  /** The stroke being drawn and the pointer drawing it; other pointers (a second finger) are ignored. */
  active: { pointerId: number; stroke: Stroke } | null;
}

export type PaintAction =
  | { type: "down"; sample: PointerSample; box: ElementBox; brush: number }
  | { type: "move"; sample: PointerSample; box: ElementBox }
  | { type: "up"; sample: PointerSample }
  | { type: "undo" }
  | { type: "clear" };

export const initialPaintState: PaintState = { strokes: [], active: null };

/** Points closer than this (display pixels) to the previous one add nothing but work. */
const MIN_STEP = 1;

export function pointInBox(sample: Pick<PointerSample, "clientX" | "clientY">, box: ElementBox): Point {
  return { x: sample.clientX - box.left, y: sample.clientY - box.top };
}

function sizeOf(box: ElementBox): Size {
  return { width: box.width, height: box.height };
}

export function paintReducer(state: PaintState, action: PaintAction): PaintState {
  switch (action.type) {
    case "down": {
      if (!action.sample.isPrimary || state.active || action.box.width <= 0 || action.box.height <= 0) return state;
      const stroke: Stroke = { points: [pointInBox(action.sample, action.box)], width: action.brush, display: sizeOf(action.box) };
      return { strokes: [...state.strokes, stroke], active: { pointerId: action.sample.pointerId, stroke } };
    }
    case "move": {
      const active = state.active;
      if (!active || active.pointerId !== action.sample.pointerId) return state;
      const point = pointInBox(action.sample, action.box);
      const last = active.stroke.points[active.stroke.points.length - 1];
      if (last && Math.hypot(point.x - last.x, point.y - last.y) < MIN_STEP) return state;
      const stroke: Stroke = { ...active.stroke, points: [...active.stroke.points, point] };
      return { strokes: [...state.strokes.slice(0, -1), stroke], active: { pointerId: active.pointerId, stroke } };
    }
    case "up":
      if (!state.active || state.active.pointerId !== action.sample.pointerId) return state;
      return { strokes: state.strokes, active: null };
    case "undo":
      return { strokes: state.strokes.slice(0, -1), active: null };
    case "clear":
      return initialPaintState;
  }
}
