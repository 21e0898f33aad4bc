// An Idempotency-Key changes nothing about how much of a body the server takes: a spending call
// whose body is over its route's own limit gets the same 413 with the header as without it, and the
// server pulls no more of the body than that limit either way (a 20 MB body to a 1 MB route is not
// read whole before the route refuses it).
import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as removeObject } from "@/app/api/openai/object-removal/route";
import { POST as upscale } from "@/app/api/upscale/route";
import { signedInUser } from "./helpers";
import { apiKeyFor } from "./api-keys-helpers";
import { photoToolRoute } from "./photo-tool-route";

const blurBackground = photoToolRoute("blur-background");
const expand = photoToolRoute("expand");
const productPhoto = photoToolRoute("product-photo");

jest.setTimeout(120_000);

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
/** What a stream may hand over beyond what its reader asked for: the chunk that crossed the limit and one queued behind it. */
const SLACK = 2 * CHUNK;
const JSON_LIMIT = MB;
const IMAGE_JSON_LIMIT = Math.ceil((10 * MB * 4) / 3) + MB;
const uploadLimit = (files: number) => files * 10 * MB + MB;

/** A request body of `size` bytes, sent in chunks with no Content-Length, that counts how many bytes the server pulled. */
function countedBody(size: number, head: string): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let pulled = 0;
  const start = new TextEncoder().encode(head);
  const filler = new Uint8Array(CHUNK).fill(0x61);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= size) return controller.close();
      const chunk = pulled === 0 ? start : filler.subarray(0, Math.min(CHUNK, size - pulled));
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

type Handler = (request: Request) => Promise<Response>;
type Kind = "json" | "form";

const BOUNDARY = "----pictura-test-boundary";
const HEADS: Record<Kind, { contentType: string; head: string }> = {
  json: { contentType: "application/json", head: '{"prompt":"' },
  form: {
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    head: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  },
};

interface Sent {
  status: number;
  body: unknown;
  pulled: number;
}

/** Sends `size` bytes to `handler` as the caller describes itself, and what came back. */
async function send(handler: Handler, path: string, kind: Kind, size: number, headers: Record<string, string>): Promise<Sent> {
  const body = countedBody(size, HEADS[kind].head);
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { host: "localhost:3000", "x-forwarded-for": "10.9.8.7", "content-type": HEADS[kind].contentType, ...headers },
    body: body.stream,
    duplex: "half",
  } as RequestInit);
  const response = await handler(request);
  return { status: response.status, body: await response.json(), pulled: body.pulled() };
}

describe("Idempotency-Key and the route's own body limit", () => {
  let key: string;
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signedInUser());
    ({ key } = await apiKeyFor(cookie));
  });

  it("refuses a 20 MB body to a 1 MB route with its own 413, having read no more than 1 MB, key or no key", async () => {
    const asScript = { authorization: `Bearer ${key}` };
    const without = await send(generate, "/api/flux/generate", "json", 20 * MB, asScript);
    const withKey = await send(generate, "/api/flux/generate", "json", 20 * MB, { ...asScript, "idempotency-key": "big-body-1" });
    expect(without.status).toBe(413);
    expect(withKey).toEqual({ ...without, pulled: withKey.pulled });
    expect(without.pulled).toBeLessThanOrEqual(JSON_LIMIT + SLACK);
    expect(withKey.pulled).toBeLessThanOrEqual(JSON_LIMIT + SLACK);
  });

  it("does the same for a signed-in browser's spending call", async () => {
    const asBrowser = { cookie, origin: "http://localhost:3000" };
    const without = await send(generate, "/api/flux/generate", "json", 20 * MB, asBrowser);
    const withKey = await send(generate, "/api/flux/generate", "json", 20 * MB, { ...asBrowser, "idempotency-key": "big-body-2" });
    expect(without.status).toBe(413);
    expect(withKey).toEqual({ ...without, pulled: withKey.pulled });
    expect(withKey.pulled).toBeLessThanOrEqual(JSON_LIMIT + SLACK);
  });

  it.each<[string, Kind, number, Handler]>([
    ["/api/flux/edit", "form", uploadLimit(1), edit],
    ["/api/flux/edit", "json", IMAGE_JSON_LIMIT, edit],
    ["/api/openai/object-removal", "form", uploadLimit(2), removeObject],
    ["/api/upscale", "form", uploadLimit(1), upscale],
    ["/api/expand", "form", uploadLimit(1), expand],
    ["/api/expand", "json", IMAGE_JSON_LIMIT, expand],
    ["/api/blur-background", "form", uploadLimit(1), blurBackground],
    ["/api/blur-background", "json", IMAGE_JSON_LIMIT, blurBackground],
    ["/api/product-photo", "form", uploadLimit(1), productPhoto],
    ["/api/product-photo", "json", IMAGE_JSON_LIMIT, productPhoto],
  ])("POST %s (%s) answers the same 413 at its own limit of %d bytes with the key as without", async (path, kind, limit, handler) => {
    const asScript = { authorization: `Bearer ${key}` };
    const size = limit + 2 * MB;
    const without = await send(handler, path, kind, size, asScript);
    const withKey = await send(handler, path, kind, size, { ...asScript, "idempotency-key": `over-${path}-${kind}` });
    expect(without.status).toBe(413);
    expect(withKey).toEqual({ ...without, pulled: withKey.pulled });
    expect(withKey.pulled).toBeLessThanOrEqual(limit + SLACK);
  });
});
