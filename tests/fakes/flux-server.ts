// A fake of Black Forest Labs' Flux API on 127.0.0.1, speaking the protocol the AI SDK's provider
// uses: `POST /v1/{model}` (x-key auth) → `{ id, polling_url }`, polling `GET /v1/get_result?id=`
// until a status other than Pending, then the `result.sample` URL serving real PNG bytes. The
// polling and sample URLs point at the fake's own host and port, as the real API's point at its own.
// The Fill and Expand endpoints check their request as BFL does (a base64 `image`, a `mask` of the
// same size for Fill, margins of 0–2048 pixels for Expand, else a 422 with FastAPI's `detail` list),
// and Expand's sample has the expanded size: the image with each side grown by its margin. A
// `safety_tolerance` outside 0–6 is refused with a 422, as BFL does.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import sharp from "sharp";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";

/** What the next submitted task does; the scenario in force at submit time sticks to that task. */
export type FluxScenario =
  | { kind: "ready"; pendingPolls?: number }
  | { kind: "content-moderated"; pendingPolls?: number }
  | { kind: "request-moderated"; pendingPolls?: number }
  | { kind: "error"; message?: string; pendingPolls?: number }
  | { kind: "never-ready" }
  | { kind: "submit-500" };

export interface FluxSubmit {
  id: string;
  model: string;
  apiKey: string | undefined;
  body: Record<string, unknown>;
}

export interface FluxPoll {
  id: string;
  status: string;
  at: number;
}

interface Task {
  scenario: FluxScenario;
  polls: number;
  /** The task's own result, where its size depends on the request (Expand). */
  sample?: Buffer;
}

/** BFL's Expand grows each side by at most this many pixels. */
const MAX_EXPAND_SIDE = 2048;
const EXPAND_SIDES = ["top", "bottom", "left", "right"] as const;

const PENDING_DEFAULT = 1;

/** A small real PNG (a colour gradient) for the fake's samples. */
export async function makeSamplePng(width = 48, height = 32): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = Math.round((x / (width - 1)) * 255);
      pixels[offset + 1] = Math.round((y / (height - 1)) * 255);
      pixels[offset + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export class FakeFlux {
  scenario: FluxScenario = { kind: "ready", pendingPolls: PENDING_DEFAULT };
  /** Scenarios for particular submits, by their number since the last reset (1 = the first), over `scenario`. */
  readonly scenarioBySubmit = new Map<number, FluxScenario>();
  readonly submits: FluxSubmit[] = [];
  readonly polls: FluxPoll[] = [];
  /** Task ids whose sample was downloaded. */
  readonly downloads: string[] = [];
  samplePng: Buffer = Buffer.alloc(0);
  private readonly tasks = new Map<string, Task>();
  private server: Server | null = null;

  constructor(readonly apiKey = "bfl_test_fake_pictura") {}

  get baseUrl(): string {
    return loopbackOrigin(this.server, "Flux");
  }

  /** What the provider's `baseURL` is set to, like the real https://api.bfl.ai/v1. */
  get apiUrl(): string {
    return `${this.baseUrl}/v1`;
  }

  async start(port = 0): Promise<this> {
    if (this.samplePng.length === 0) this.samplePng = await makeSamplePng();
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) json(response, 500, { detail: String(error) });
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

  /** Forgets recorded traffic and goes back to the default scenario. */
  reset(): void {
    this.scenario = { kind: "ready", pendingPolls: PENDING_DEFAULT };
    this.submits.length = 0;
    this.polls.length = 0;
    this.downloads.length = 0;
    this.tasks.clear();
    this.scenarioBySubmit.clear();
  }

  pollsFor(id: string): FluxPoll[] {
    return this.polls.filter((poll) => poll.id === id);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);

    if (request.method === "GET" && url.pathname === "/v1/get_result") return this.poll(url.searchParams.get("id") ?? "", response);
    const sample = /^\/samples\/([^/]+)\/sample\.png$/.exec(url.pathname);
    if (request.method === "GET" && sample) return this.sample(sample[1]!, response);
    const submit = /^\/v1\/([\w.-]+)$/.exec(url.pathname);
    if (request.method === "POST" && submit) return this.submit(submit[1]!, request, Buffer.concat(chunks), response);
    json(response, 404, { detail: "Not Found" });
  }

  private async submit(model: string, request: IncomingMessage, raw: Buffer, response: ServerResponse): Promise<void> {
    const apiKey = headerValue(request, "x-key");
    if (apiKey !== this.apiKey) return json(response, 403, { detail: "Not authenticated - Invalid Authentication" });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
    } catch {
      return json(response, 422, { detail: [{ loc: ["body"], msg: "JSON decode error", type: "json_invalid" }] });
    }
    const id = randomUUID();
    this.submits.push({ id, model, apiKey, body });
    // As BFL: safety_tolerance, when sent, is a whole number from 0 (strictest) to 6.
    const tolerance = body.safety_tolerance;
    if (tolerance !== undefined && !(Number.isInteger(tolerance) && (tolerance as number) >= 0 && (tolerance as number) <= 6)) {
      return json(response, 422, { detail: [{ loc: ["body", "safety_tolerance"], msg: "Input should be less than or equal to 6", type: "less_than_equal" }] });
    }
    const checked = /-expand$/.test(model) ? await checkExpand(body) : /-fill$/.test(model) ? await checkFill(body) : { ok: true as const };
    if (!checked.ok) return json(response, 422, { detail: checked.detail });
    const scenario = this.scenarioBySubmit.get(this.submits.length) ?? this.scenario;
    if (scenario.kind === "submit-500") return json(response, 500, { detail: "Internal Server Error" });
    this.tasks.set(id, { scenario, polls: 0, sample: "sample" in checked ? checked.sample : undefined });
    json(response, 200, { id, polling_url: `${this.baseUrl}/v1/get_result?id=${id}`, cost: 4, input_mp: 0, output_mp: 1 });
  }

  private poll(id: string, response: ServerResponse): void {
    const task = this.tasks.get(id);
    if (!task) return json(response, 200, { id, status: "Task not found", result: null, progress: null, details: null });
    task.polls += 1;
    const { scenario } = task;
    const pending = scenario.kind === "never-ready" ? Infinity : (("pendingPolls" in scenario ? scenario.pendingPolls : undefined) ?? PENDING_DEFAULT);
    let body: Record<string, unknown>;
    if (task.polls <= pending) {
      body = { id, status: "Pending", result: null, progress: Math.min(0.95, task.polls / 10), details: null };
    } else if (scenario.kind === "ready") {
      body = {
        id,
        status: "Ready",
        result: { sample: `${this.baseUrl}/samples/${id}/sample.png`, prompt: "", seed: 1234, start_time: 1, end_time: 2, duration: 1 },
        progress: null,
        details: null,
      };
    } else if (scenario.kind === "content-moderated") {
      body = { id, status: "Content Moderated", result: null, progress: null, details: { "Moderation Reasons": ["Derivative Works Filter"] } };
    } else if (scenario.kind === "request-moderated") {
      body = { id, status: "Request Moderated", result: null, progress: null, details: { "Moderation Reasons": ["Input image"] } };
    } else {
      const message = scenario.kind === "error" ? (scenario.message ?? "Generation failed on the inference worker.") : "Unexpected scenario";
      body = { id, status: "Error", result: null, progress: null, details: { error: message } };
    }
    this.polls.push({ id, status: String(body.status), at: Date.now() });
    json(response, 200, body);
  }

  private sample(id: string, response: ServerResponse): void {
    const task = this.tasks.get(id);
    if (!task || task.scenario.kind !== "ready") return json(response, 404, { detail: "Not Found" });
    this.downloads.push(id);
    const png = task.sample ?? this.samplePng;
    response.writeHead(200, { "content-type": "image/png", "content-length": String(png.length) });
    response.end(png);
  }
}

type Checked = { ok: true; sample?: Buffer } | { ok: false; detail: { loc: string[]; msg: string; type: string }[] };

function invalid(field: string, msg: string, type = "value_error"): Checked {
  return { ok: false, detail: [{ loc: ["body", field], msg, type }] };
}

/** The size of a base64 image field, or null when it is missing or not an image. */
async function decodedSize(value: unknown): Promise<{ width: number; height: number } | null> {
  if (typeof value !== "string" || !value) return null;
  try {
    const metadata = await sharp(Buffer.from(value, "base64")).metadata();
    return metadata.width && metadata.height ? { width: metadata.width, height: metadata.height } : null;
  } catch {
    return null;
  }
}

async function checkExpand(body: Record<string, unknown>): Promise<Checked> {
  const size = await decodedSize(body.image);
  if (!size) return invalid("image", "Field required: a base64-encoded image.", "missing");
  const margins = { top: 0, bottom: 0, left: 0, right: 0 };
  for (const side of EXPAND_SIDES) {
    const value = body[side] ?? 0;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_EXPAND_SIDE) {
      return invalid(side, `Input should be an integer between 0 and ${MAX_EXPAND_SIDE}.`);
    }
    margins[side] = value;
  }
  const width = size.width + margins.left + margins.right;
  const height = size.height + margins.top + margins.bottom;
  return { ok: true, sample: await makeSamplePng(width, height) };
}

async function checkFill(body: Record<string, unknown>): Promise<Checked> {
  const image = await decodedSize(body.image);
  if (!image) return invalid("image", "Field required: a base64-encoded image.", "missing");
  if (body.mask === undefined) return { ok: true };
  const mask = await decodedSize(body.mask);
  if (!mask) return invalid("mask", "The mask is not a readable image.");
  if (mask.width !== image.width || mask.height !== image.height) return invalid("mask", "The mask must have the same size as the image.");
  return { ok: true };
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function json(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) });
  response.end(text);
}
