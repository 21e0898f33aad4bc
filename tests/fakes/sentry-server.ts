// A fake of Sentry's ingestion endpoint on 127.0.0.1: it takes envelopes at POST /api/{project}/envelope/,
// authenticated like Sentry's (the DSN's public key as `sentry_key`, in the query or in an
// X-Sentry-Auth header), and keeps each one parsed: the envelope header, then each item's header and
// payload. An envelope for another project or with another key is refused as Sentry refuses it.
import { gunzipSync } from "node:zlib";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";

type Json = Record<string, unknown>;

export interface EnvelopeItem {
  header: Json;
  /** The item's payload, parsed when it is JSON (an event is), else as sent. */
  payload: Json | string;
}

export interface ReceivedEnvelope {
  header: Json;
  items: EnvelopeItem[];
  /** The envelope as sent, for searching it whole. */
  raw: string;
}

/** Splits an envelope: a header line, then for each item a header line and a payload of `length` bytes or up to the next newline. */
export function parseEnvelope(raw: Buffer): ReceivedEnvelope {
  let offset = 0;
  const nextLine = (): string => {
    const end = raw.indexOf(0x0a, offset);
    const line = raw.subarray(offset, end === -1 ? raw.length : end).toString("utf8");
    offset = end === -1 ? raw.length : end + 1;
    return line;
  };
  const header = JSON.parse(nextLine()) as Json;
  const items: EnvelopeItem[] = [];
  while (offset < raw.length) {
    const line = nextLine();
    if (!line.trim()) continue;
    const itemHeader = JSON.parse(line) as Json;
    let body: string;
    if (typeof itemHeader.length === "number") {
      body = raw.subarray(offset, offset + itemHeader.length).toString("utf8");
      offset += itemHeader.length;
      if (raw[offset] === 0x0a) offset += 1;
    } else body = nextLine();
    let payload: Json | string = body;
    try {
      payload = JSON.parse(body) as Json;
    } catch {
      // Attachments need not be JSON.
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items, raw: raw.toString("utf8") };
}

/** The `sentry_key` of an X-Sentry-Auth header: `Sentry sentry_version=7, sentry_key=…, sentry_client=…`. */
function keyFromAuthHeader(value: string | undefined): string | null {
  return value?.match(/sentry_key=([^,\s]+)/)?.[1] ?? null;
}

export class FakeSentry {
  readonly envelopes: ReceivedEnvelope[] = [];
  private server: Server | null = null;
  private waiters: (() => void)[] = [];

  constructor(
    readonly publicKey = "fakepublickey0123456789",
    readonly projectId = "42",
  ) {}

  /** The DSN that sends here. */
  get dsn(): string {
    const origin = new URL(loopbackOrigin(this.server, "Sentry"));
    return `http://${this.publicKey}@${origin.host}/${this.projectId}`;
  }

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await listenOnLoopback(this.server);
    return this;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
    this.server = null;
  }

  /** Every event received so far (the payloads of `event` items). */
  events(): Json[] {
    return this.envelopes.flatMap((envelope) => envelope.items.filter((item) => item.header.type === "event").map((item) => item.payload as Json));
  }

  /** Resolves once an envelope holding an event that `matches` has arrived; rejects after `timeoutMs`. */
  async waitForEvent(matches: (event: Json) => boolean, timeoutMs = 5_000): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events().find(matches);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching event reached the fake Sentry in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const match = url.pathname.match(/^\/api\/(\d+)\/envelope\/?$/);
    if (request.method !== "POST" || !match) return this.answer(response, 404, { detail: "not found" });
    if (match[1] !== this.projectId) return this.answer(response, 403, { detail: "invalid project" });
    const key = url.searchParams.get("sentry_key") ?? keyFromAuthHeader(request.headers["x-sentry-auth"] as string | undefined);
    if (key !== this.publicKey) return this.answer(response, 401, { detail: "missing or invalid authentication" });
    let body = Buffer.concat(chunks);
    if (request.headers["content-encoding"] === "gzip") body = gunzipSync(body);
    let envelope: ReceivedEnvelope;
    try {
      envelope = parseEnvelope(body);
    } catch {
      return this.answer(response, 400, { detail: "invalid envelope" });
    }
    this.envelopes.push(envelope);
    for (const wake of this.waiters.splice(0)) wake();
    this.answer(response, 200, { id: envelope.header.event_id ?? null });
  }

  private answer(response: ServerResponse, status: number, body: Json): void {
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
}
