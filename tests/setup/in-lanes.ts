// Runs `work` on every item, `lanes` at a time, each lane taking the next item as soon as it is free;
// the results come back in the items' order. For tests that send many requests: enough in flight to
// keep the server busy, not so many that they queue for its connections.
export async function inLanes<T, R>(items: readonly T[], lanes: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return results;
}
