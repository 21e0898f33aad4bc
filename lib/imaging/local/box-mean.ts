// A windowed mean over a masked image in constant time per pixel (summed-area tables): the fill uses it
// to compare texture and light around the hole, and to find the colours at its border.
/** The mean of `values` over the counted pixels of a square window around each pixel. */
export function boxMean(values: Float32Array, counted: Float32Array, width: number, height: number, radius: number): Float32Array {
  const sumTable = new Float64Array((width + 1) * (height + 1));
  const countTable = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y += 1) {
    let rowSum = 0;
    let rowCount = 0;
    for (let x = 0; x < width; x += 1) {
      rowSum += values[y * width + x]!;
      rowCount += counted[y * width + x]!;
      const at = (y + 1) * (width + 1) + x + 1;
      sumTable[at] = sumTable[at - width - 1]! + rowSum;
      countTable[at] = countTable[at - width - 1]! + rowCount;
    }
  }
  const mean = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x += 1) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const a = y1 * (width + 1) + x1;
      const b = y0 * (width + 1) + x1;
      const c = y1 * (width + 1) + x0;
      const d = y0 * (width + 1) + x0;
      const count = countTable[a]! - countTable[b]! - countTable[c]! + countTable[d]!;
      mean[y * width + x] = count > 0 ? (sumTable[a]! - sumTable[b]! - sumTable[c]! + sumTable[d]!) / count : 0;
    }
  }
  return mean;
}
