// The keys of a radio group (WAI-ARIA radio group pattern): the arrows step to the next or previous
// item and wrap around, Home and End jump to the ends. Every language the app speaks reads left to
// right, so right and down mean next. Shared by the kit's radio group and the app's own lighter
// groups (choice cards, the prompt's toggles), which keep the kit off their screens' first load.

const STEPS: Record<string, 1 | -1> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The index a key moves the choice to from `index` among `count` items, or null for any other key. */
export function choiceIndexFor(key: string, index: number, count: number): number | null {
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  const step = STEPS[key];
  return step ? (index + step + count) % count : null;
}
