// A client that sends its headers and then its body a byte at a time, or not at all, holds a socket
// on the server only until the request timeout (a minute in production; two seconds here), then gets
// 408 and a closed connection, while everyone else is served as usual.
import net from "node:net";
import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "./app-server";

const PORT = 3173;
let app: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  app = await startAppServer({ port: PORT, env: { APP_URL: `http://localhost:${PORT}`, REQUEST_TIMEOUT_SECONDS: "2" } });
});

test.afterAll(async () => {
  await app?.stop();
});

/** Sends the headers and the first byte of a body it never finishes; resolves with what came back and when. */
function stalledUpload(): Promise<{ answer: string; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1", () => {
      socket.write(
        `POST /api/auth/register HTTP/1.1\r\nHost: localhost:${PORT}\r\nOrigin: http://localhost:${PORT}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
      );
    });
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve({ answer, seconds: (Date.now() - started) / 1000 }));
    socket.on("error", reject);
    socket.setTimeout(30_000, () => {
      socket.destroy();
      reject(new Error("the server kept a stalled upload open for 30 s"));
    });
  });
}

test("a stalled body is cut off after the request timeout, with 408, and others are served meanwhile", async () => {
  const stalled = stalledUpload();
  const health = await fetch(`http://127.0.0.1:${PORT}/api/health`);
  expect(health.status).toBe(200);
  const { answer, seconds } = await stalled;
  expect(answer).toMatch(/^HTTP\/1\.1 408/);
  expect(seconds).toBeLessThan(10);
});
