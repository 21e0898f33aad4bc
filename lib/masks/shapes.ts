// The shapes the mask modules share: a point, a size and a painted stroke. Kept apart from the
// painting and selection code so each of those imports them without importing the other.

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * One press-drag-release of the brush, in the coordinates of the element it was painted on. The
 * display size is kept with each stroke so a resized window neither moves nor thickens earlier ones.
 */
export interface Stroke {
  points: Point[];
  /** Brush diameter in display pixels. */
  width: number;
  display: Size;
}
