// Over-size bodies are refused while they stream in (413), never read whole first — with or
// without a Content-Length.
import { NextRequest } from "next/server";
import { POST as authJs } from "@/app/api/auth/[...nextauth]/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as editImage } from "@/app/api/flux/edit/route";
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { ORIGIN, signedInUser, uniqueIp } from "./helpers";
import { captureLogs } from "./log-pipeline";

const MB = 1024 * 1024;

/** A body generated on demand, remembering how much of it the server pulled. */
function streamingBody(totalBytes: number, head = "", chunkBytes = 256 * 1024) {
  const state = { pulled: 0 };
  const encoder = new TextEncoder();
  const filler = encoder.encode("a".repeat(chunkBytes));
  let sentHead = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sentHead && head) {
        sentHead = true;
        const bytes = encoder.encode(head);
        state.pulled += bytes.length;
        controller.enqueue(bytes);
        return;
      }
      if (state.pulled >= totalBytes) return controller.close();
      state.pulled += filler.length;
      controller.enqueue(filler);
    },
  });
  return { stream, state };
}

function streamedRequest(path: string, stream: ReadableStream<Uint8Array>, headers: Record<string, string>): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { host: "localhost:3000", origin: ORIGIN, "x-forwarded-for": uniqueIp(), ...headers },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

describe("request body limits", () => {
  it("refuses a 150 MB JSON sign-up with 413 after reading about 1 MB of it", async () => {
    const { stream, state } = streamingBody(150 * MB, '{"email":"a@example.com","password":"correct-horse","firstName":"');
    const response = await register(streamedRequest("/api/auth/register", stream, { "content-type": "application/json" }));
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/too large/i);
    expect(state.pulled).toBeLessThan(2 * MB);
  });

  it("refuses a JSON body whose Content-Length is over the limit without reading it", async () => {
    const { stream, state } = streamingBody(5 * MB);
    const response = await register(streamedRequest("/api/auth/register", stream, { "content-type": "application/json", "content-length": String(5 * MB) }));
    expect(response.status).toBe(413);
    expect(state.pulled).toBeLessThan(MB);
  });

  it("refuses a 40 MB chunked multipart upload without Content-Length with 413 after about 11 MB", async () => {
    const { cookie } = await signedInUser();
    const boundary = "----pictura-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nmake it brighter\r\n--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const { stream, state } = streamingBody(40 * MB, head);
    const response = await editImage(streamedRequest("/api/flux/edit", stream, { cookie, "content-type": `multipart/form-data; boundary=${boundary}` }));
    expect(response.status).toBe(413);
    expect(state.pulled).toBeLessThan(12 * MB);
  });

  it("refuses an over-size webhook body with 413", async () => {
    const { stream, state } = streamingBody(20 * MB);
    const response = await stripeWebhook(
      streamedRequest("/api/webhooks/stripe", stream, { "content-type": "application/json", "stripe-signature": "t=1,v1=00" }),
    );
    expect(response.status).toBe(413);
    expect(state.pulled).toBeLessThan(2 * MB);
  });

  it.each(["/api/auth/callback/credentials", "/api/auth/signout"])("refuses a 150 MB chunked form to Auth.js's %s with 413 after about 64 kB", async (path) => {
    const { stream, state } = streamingBody(150 * MB, "csrfToken=", 16 * 1024);
    const request = new NextRequest(streamedRequest(path, stream, { "content-type": "application/x-www-form-urlencoded" }));
    const response = await authJs(request);
    expect(response.status).toBe(413);
    expect((await response.json()).error).toBe("body_too_large");
    expect(state.pulled).toBeLessThan(256 * 1024);
  });

  it("still hands Auth.js a small form whole", async () => {
    const request = new NextRequest(`${ORIGIN}/api/auth/signout`, {
      method: "POST",
      headers: { host: "localhost:3000", origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: "csrfToken=not-the-right-one&callbackUrl=%2F",
    });
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const response = await authJs(request).finally(() => logged.mockRestore());
    // Auth.js read the form and refused its CSRF token: a redirect with its own error, not our 413.
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/error=MissingCSRF/);
  });

  it("answers a body cut off mid-way with a 400 and one line in the log, not a stack trace", async () => {
    let sent = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) return controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"email":"a@example.com","pass'));
      },
    });
    const capture = captureLogs();
    try {
      const response = await register(streamedRequest("/api/auth/register", stream, { "content-type": "application/json" }));
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("request_aborted");
      const lines = capture.lines();
      // One warning, naming the call; no error line and no stack.
      expect(lines.filter((line) => line.level === "error")).toEqual([]);
      expect(lines.filter((line) => line.level === "warn")).toEqual([
        expect.objectContaining({ method: "POST", path: "/api/auth/register", msg: expect.any(String) }),
      ]);
      expect(capture.text()).not.toMatch(/\n\s+at /);
    } finally {
      capture.stop();
    }
  });
});
