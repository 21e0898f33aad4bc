// A kept-alive connection stays usable for as long as a client may still reuse it. Node's fetch reuses
// an idle socket until its own timer, set from the server's `Keep-Alive: timeout=N` hint, closes it;
// a test runner (or a crawler, or any client) whose process is busy when that timer is due sends its
// next request on the old socket. Had the server closed it meanwhile, that request fails with "other
// side closed" or a reset instead of an answer: the browser tests' crawler met it on a busy machine.
import { expect, test } from "@playwright/test";

/** Holds this process's thread for `ms` without using a core, as a busy or descheduled client would be held. */
function stallProcess(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

test("a client held up past the keep-alive hint can still use its idle connection", async ({ baseURL }) => {
  test.setTimeout(60_000);
  const url = new URL("/en", baseURL).href;
  const first = await fetch(url, { headers: { accept: "text/html" } });
  expect(first.status).toBe(200);
  await first.text();
  const hinted = Number(/timeout=(\d+)/.exec(first.headers.get("keep-alive") ?? "")?.[1]);
  expect(hinted, "the server says how long it keeps an idle connection").toBeGreaterThan(0);

  // The idle socket's client timer cannot run while the process is held: the next request goes out on it.
  stallProcess(hinted * 1000 + 3_000);
  const second = await fetch(url, { headers: { accept: "text/html" } });
  expect(second.status).toBe(200);
  expect(await second.text()).toContain("<html");
});
