// How long a client is told to wait: whole seconds until its window resets, never more than the window
// lasts, even when the database's rounded end of the window lies a fraction of a millisecond past it.
import { secondsUntilReset } from "@/lib/rate-limit/counters";

const at = (millisecondsFromNow: number) => ({ hits: 1, resetAt: new Date(Date.now() + millisecondsFromNow) });

it("rounds up to whole seconds", () => {
  expect(secondsUntilReset(at(12_300), 60)).toBe(13);
  expect(secondsUntilReset(at(59_001), 60)).toBe(60);
});

it("says at most the window's length when its end was rounded up past it", () => {
  expect(secondsUntilReset(at(60_001), 60)).toBe(60);
  expect(secondsUntilReset(at(900_001), 900)).toBe(900);
});

it("says at least one second once the window has ended", () => {
  expect(secondsUntilReset(at(-5), 60)).toBe(1);
});
