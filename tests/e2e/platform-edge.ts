// A platform in front of a plain `next start`, as Vercel's edge is: it keeps the client's Host, sets
// x-real-ip to the address the connection came from and overwrites X-Forwarded-For with it, whatever
// the client sent in either. The test picks a "client address" per request by connecting from one of
// loopback's many addresses (127.0.0.0/8), so the proxy sees it on the socket, as an edge would.
import { randomBytes } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import { ReverseProxy } from "../fakes/reverse-proxy";
import { startAppServer, type AppServer } from "./app-server";

export interface Platform {
  app: AppServer;
  edge: ReverseProxy;
  /** The public origin, APP_URL: the edge's address. */
  origin: string;
  stop: () => Promise<void>;
}

export async function startPlatform(options: { appPort: number; edgePort: number; env: Record<string, string> }): Promise<Platform> {
  const origin = `http://localhost:${options.edgePort}`;
  const app = await startAppServer({ port: options.appPort, command: "next", env: { NODE_ENV: "production", VERCEL: "1", APP_URL: origin, ...options.env } });
  const edge = await new ReverseProxy({
    upstream: app.origin,
    host: "public",
    addHeaders: (client, headers) => ({
      "x-real-ip": client,
      "x-forwarded-for": client,
      "x-forwarded-host": headers.host ?? "",
      "x-forwarded-proto": "http",
    }),
  })
    .start(options.edgePort)
    .catch(async (error: unknown) => {
      await app.stop();
      throw error;
    });
  return {
    app,
    edge,
    origin,
    stop: async () => {
      await edge.stop();
      await app.stop();
    },
  };
}

/** A loopback address other than 127.0.0.1, new for each call: a client the app has not seen. */
export function newClientAddress(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `127.${1 + (a % 254)}.${b}.${1 + (c % 254)}`;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends one request to `origin` from the client address `from`, with `path` exactly as given (no re-encoding). */
export function send(
  origin: string,
  request: { from: string; method?: string; path: string; headers?: Record<string, string>; body?: Buffer | string; timeoutMs?: number },
  retried = false,
): Promise<Answer> {
  const { hostname, port } = new URL(origin);
  // Node frames no body of a DELETE unless told its length; a browser always says it.
  const headers = request.body === undefined ? request.headers : { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) };
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        hostname,
        port,
        method: request.method ?? "GET",
        path: request.path,
        headers,
        localAddress: request.from,
        family: 4,
        ...(retried ? { agent: false } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    outgoing.setTimeout(request.timeoutMs ?? 30_000, () => outgoing.destroy(new Error(`no answer in ${(request.timeoutMs ?? 30_000) / 1000} s`)));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as this request went out on it: the request never
      // reached the server. Sent once more on a new connection, as Node's documentation advises; a
      // reset there is the server's own.
      if (error.code === "ECONNRESET" && outgoing.reusedSocket && !retried) resolve(send(origin, request, true));
      else reject(error);
    });
    outgoing.end(request.body);
  });
}

/** The cookies an answer sets, as a Cookie header. */
export function cookiesOf(answer: Answer): string {
  const lines = answer.headers["set-cookie"] ?? [];
  return lines.map((line) => line.split(";")[0]!).join("; ");
}
