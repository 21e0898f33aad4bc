// A fake of OpenAI's Images API on 127.0.0.1: `POST /v1/images/generations` (JSON) and
// `POST /v1/images/edits` (multipart: image or image[], mask, prompt, model, size…), answering
// `{ created, data: [{ b64_json }] }` with a real PNG, or OpenAI's error bodies. Every request is
// recorded with its JSON body or its parsed multipart parts, file bytes included. An edit's mask must
// be a PNG of the image's size, as the real endpoint requires.
// It also answers OpenAI's moderation endpoint, `POST /v1/moderations` (omni-moderation-latest with
// text and image_url parts), with the real `{ id, model, results: [{ flagged, categories,
// category_scores, category_applied_input_types }] }`; those requests are kept apart, in `moderations`.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import sharp from "sharp";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";
import { moderationAnswer, moderationRequestProblem, type ModerationVerdict } from "./openai-moderation";

export type OpenAIImagesScenario =
  | { kind: "success" }
  | { kind: "moderation" }
  | { kind: "server-error" }
  /** Holds the answer back, for client timeouts. */
  | { kind: "slow"; delayMs: number };

export interface RecordedPart {
  name: string;
  /** Set for text fields. */
  value?: string;
  /** Set for file fields. */
  file?: { filename: string; contentType: string; data: Buffer };
}

export interface RecordedImagesRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string;
  /** The body of a JSON request. */
  json?: Record<string, unknown>;
  /** The parts of a multipart request, in order. */
  parts?: RecordedPart[];
}

export const MODERATION_BLOCK = {
  error: {
    code: "moderation_blocked",
    message: "Your request was rejected by the safety system.",
    param: null,
    type: "image_generation_user_error",
  },
};

const SIZE = /^(\d+)x(\d+)$/;

/** A real PNG of the given size: a flat colour with a diagonal band, so it is not trivially blank. */
export async function makeResultPng(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3, 40);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (Math.abs(x * height - y * width) < width * 8) pixels.fill(220, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

export class FakeOpenAIImages {
  scenario: OpenAIImagesScenario = { kind: "success" };
  readonly requests: RecordedImagesRequest[] = [];
  /** What the moderation endpoint answers: clean, flagged in some categories, or a server error. */
  moderation: ModerationVerdict = { kind: "clean" };
  /** The JSON bodies the moderation endpoint received. */
  readonly moderations: Record<string, unknown>[] = [];
  /** The PNG each successful answer carried, by size, so tests can compare bytes. */
  readonly results = new Map<string, Buffer>();
  private server: Server | null = null;

  constructor(readonly apiKey = "sk-test-fake-pictura") {}

  get baseUrl(): string {
    return loopbackOrigin(this.server, "OpenAI");
  }

  /** What the provider's `baseURL` is set to, like the real https://api.openai.com/v1. */
  get apiUrl(): string {
    return `${this.baseUrl}/v1`;
  }

  async start(port = 0): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) json(response, 500, { error: { message: String(error), type: "server_error", param: null, code: null } });
        else response.destroy();
      });
    });
    await listenOnLoopback(this.server, port);
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await closeServer(server);
  }

  reset(): void {
    this.scenario = { kind: "success" };
    this.requests.length = 0;
    this.moderation = { kind: "clean" };
    this.moderations.length = 0;
  }

  lastRequest(): RecordedImagesRequest {
    const last = this.requests.at(-1);
    if (!last) throw new Error("The fake OpenAI server received no request");
    return last;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const contentType = request.headers["content-type"] ?? "";
    const authorization = request.headers.authorization;

    const isGeneration = url.pathname === "/v1/images/generations";
    const isEdit = url.pathname === "/v1/images/edits";
    const isModeration = url.pathname === "/v1/moderations";
    if (request.method !== "POST" || (!isGeneration && !isEdit && !isModeration)) {
      return json(response, 404, {
        error: { message: `Invalid URL (${request.method} ${url.pathname})`, type: "invalid_request_error", param: null, code: null },
      });
    }
    if (authorization !== `Bearer ${this.apiKey}`) {
      return json(response, 401, { error: { message: "Incorrect API key provided.", type: "invalid_request_error", param: null, code: "invalid_api_key" } });
    }

    if (isModeration) return this.moderate(raw, contentType, response);

    const recorded: RecordedImagesRequest = { method: request.method, path: url.pathname, authorization, contentType };
    let size: string | undefined;
    if (isGeneration) {
      if (!contentType.includes("application/json")) return invalid(response, "Expected a JSON body.");
      recorded.json = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
      size = typeof recorded.json.size === "string" ? recorded.json.size : undefined;
    } else {
      if (!contentType.includes("multipart/form-data")) return invalid(response, "Expected a multipart/form-data body.");
      recorded.parts = await parseMultipart(raw, contentType);
      size = recorded.parts.find((part) => part.name === "size")?.value;
      const hasImage = recorded.parts.some((part) => (part.name === "image" || part.name === "image[]") && part.file);
      if (!hasImage) {
        this.requests.push(recorded);
        return invalid(response, "Missing required parameter: 'image'.", "image");
      }
      // As the real endpoint: a mask must be a PNG of exactly the (first) image's size.
      const mask = recorded.parts.find((part) => part.name === "mask" && part.file)?.file;
      if (mask) {
        const image = recorded.parts.find((part) => (part.name === "image" || part.name === "image[]") && part.file)!.file!;
        const [imageSize, maskSize] = await Promise.all([sharp(image.data).metadata(), sharp(mask.data).metadata()]);
        if (maskSize.format !== "png" || imageSize.width !== maskSize.width || imageSize.height !== maskSize.height) {
          this.requests.push(recorded);
          return invalid(response, "Invalid mask image: the mask must be a PNG of the same size as the image.", "mask");
        }
      }
    }
    this.requests.push(recorded);

    const scenario = this.scenario;
    if (scenario.kind === "moderation") return json(response, 400, MODERATION_BLOCK);
    if (scenario.kind === "server-error") {
      return json(response, 500, {
        error: { message: "The server had an error while processing your request. Sorry about that!", type: "server_error", param: null, code: null },
      });
    }
    if (scenario.kind === "slow") {
      // Stop waiting once the client gives up, so no timer outlives the test.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, scenario.delayMs);
        response.once("close", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      if (response.destroyed || response.writableEnded) return;
    }

    const [, width = "1024", height = "1024"] = SIZE.exec(size ?? "") ?? [];
    const key = `${width}x${height}`;
    let png = this.results.get(key);
    if (!png) {
      png = await makeResultPng(Number(width), Number(height));
      this.results.set(key, png);
    }
    json(response, 200, {
      created: Math.floor(Date.now() / 1000),
      background: "opaque",
      data: [{ b64_json: png.toString("base64") }],
      output_format: "png",
      quality: "medium",
      size: key,
      usage: { input_tokens: 50, input_tokens_details: { image_tokens: 40, text_tokens: 10 }, output_tokens: 1056, total_tokens: 1106 },
    });
  }

  private moderate(raw: Buffer, contentType: string, response: ServerResponse): void {
    if (!contentType.includes("application/json")) return invalid(response, "Expected a JSON body.");
    const body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
    this.moderations.push(body);
    const problem = moderationRequestProblem(body);
    if (problem) return invalid(response, problem, "input");
    if (this.moderation.kind === "server-error") {
      return json(response, 500, {
        error: { message: "The server had an error while processing your request.", type: "server_error", param: null, code: null },
      });
    }
    json(response, 200, moderationAnswer(body, this.moderation.kind === "flagged" ? this.moderation.categories : []));
  }
}

/** Multipart parsing by the platform's own `Response#formData`, the same parser `fetch` uses. */
async function parseMultipart(raw: Buffer, contentType: string): Promise<RecordedPart[]> {
  const form = await new Response(new Uint8Array(raw), { headers: { "content-type": contentType } }).formData();
  const parts: RecordedPart[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      parts.push({ name, value });
    } else {
      parts.push({ name, file: { filename: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) } });
    }
  }
  return parts;
}

function invalid(response: ServerResponse, message: string, param: string | null = null): void {
  json(response, 400, { error: { message, type: "invalid_request_error", param, code: null } });
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
  response.end(text);
}
