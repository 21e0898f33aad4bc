// The web server's request pipeline (server.ts: request ids, then trusted forwarding) on loopback,
// in front of real route handlers instead of Next's, and a capture of everything the logger writes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { withTrustedForwarding } from "@/lib/http/forwarding";
import { writeLogsTo } from "@/lib/observability/log";
import { withRequestId } from "@/lib/observability/log-requests";
import { closeServer, listenOnLoopback, loopbackOrigin } from "../fakes/loopback";

type RouteHandler = (request: Request, segment?: { params?: Promise<Record<string, string>> }) => Promise<Response>;

/** Route handlers by "METHOD /path". */
export type Routes = Readonly<Record<string, RouteHandler>>;

/** The site's own address as the route handlers see it, whatever port the pipeline listens on. */
const SITE = "http://localhost:3000";

function requestOf(incoming: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const item of [value ?? []].flat()) headers.append(name, item);
  }
  headers.set("host", new URL(SITE).host);
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  const body = hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined;
  return new Request(url, { method: incoming.method, headers, body, duplex: "half" } as RequestInit);
}

async function answer(routes: Routes, incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
  const url = new URL(incoming.url ?? "/", SITE);
  const handler = routes[`${incoming.method} ${url.pathname}`];
  if (!handler) {
    outgoing.writeHead(404).end();
    return;
  }
  const response = await handler(requestOf(incoming, url), { params: Promise.resolve({}) });
  outgoing.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") outgoing.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) outgoing.setHeader("set-cookie", cookies);
  outgoing.end(Buffer.from(await response.arrayBuffer()));
}

interface SendOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** null: no Origin (a script, a webhook); otherwise the site's own on anything but a GET. */
  origin?: null;
}

export interface Pipeline {
  origin: string;
  /** Sends a request as a browser on the site would (its Origin on anything that changes state). */
  send(method: string, path: string, options?: SendOptions): Promise<Response>;
  close(): Promise<void>;
}

/** server.ts's wrapping (withRequestId around withTrustedForwarding) around `routes`, behind `trustedProxyHops` proxies. */
export async function startPipeline(routes: Routes, trustedProxyHops = 0): Promise<Pipeline> {
  const server: Server = createServer(
    withRequestId(
      withTrustedForwarding((request, response) => answer(routes, request, response), trustedProxyHops),
      trustedProxyHops,
    ),
  );
  await listenOnLoopback(server);
  const origin = loopbackOrigin(server, "pipeline");
  return {
    origin,
    send: (method, path, options = {}) => {
      const headers: Record<string, string> = { ...(method === "GET" || options.origin === null ? {} : { origin: SITE }), ...options.headers };
      let body = options.rawBody;
      if (options.body !== undefined) {
        body = JSON.stringify(options.body);
        headers["content-type"] = "application/json";
      }
      return fetch(`${origin}${path}`, { method, headers, body });
    },
    close: () => closeServer(server),
  };
}

export interface LogCapture {
  /** Every line written so far, parsed. */
  lines(): Record<string, unknown>[];
  /** Everything written, as written. */
  text(): string;
  stop(): void;
}

/** Captures every line the logger writes from now on, from `level` up (info unless said). */
export function captureLogs(level: "info" | "debug" | "trace" = "info"): LogCapture {
  const written: string[] = [];
  writeLogsTo((line) => written.push(line), level);
  return {
    lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => written.join(""),
    stop: () => writeLogsTo(null),
  };
}
