// Runs work the page does not need for its first frames (storage writes, background requests) once
// the browser is idle, or after `timeout` ms at the latest, in a task of its own rather than inside
// hydration's. Returns the cancel.
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}
