// A reverse proxy on loopback standing in for what sits in front of a deploy (nginx, a load balancer,
// a platform's edge): it forwards every request to the app, rewrites Host the way it is told (nginx's
// default sends the upstream's own address), and adds the forwarding headers a platform sets.
import http, { type IncomingHttpHeaders } from "node:http";
import { closeServer, listenOnLoopback, loopbackOrigin } from "./loopback";

export interface ReverseProxyOptions {
  /** Where requests go, e.g. http://127.0.0.1:3171. */
  upstream: string;
  /** "upstream": Host becomes the upstream's address (nginx's default); "public": the client's Host is kept. */
  host?: "upstream" | "public";
  /** Headers the platform adds to every request, given the client's own address. */
  addHeaders?: (clientAddress: string, headers: IncomingHttpHeaders) => Record<string, string>;
}

export class ReverseProxy {
  private server: http.Server | null = null;

  constructor(private readonly options: ReverseProxyOptions) {}

  get origin(): string {
    return loopbackOrigin(this.server, "reverse proxy");
  }

  async start(port = 0): Promise<this> {
    const upstream = new URL(this.options.upstream);
    this.server = http.createServer((request, response) => {
      const client = request.socket.remoteAddress ?? "127.0.0.1";
      const headers: IncomingHttpHeaders = { ...request.headers };
      if (this.options.host !== "public") headers.host = upstream.host;
      headers["x-forwarded-for"] = [request.headers["x-forwarded-for"], client].filter(Boolean).join(", ");
      Object.assign(headers, this.options.addHeaders?.(client, request.headers) ?? {});
      const forwarded = http.request({ hostname: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      forwarded.on("error", () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      request.pipe(forwarded);
    });
    await listenOnLoopback(this.server, port);
    return this;
  }

  async stop(): Promise<void> {
    await closeServer(this.server);
    this.server = null;
  }
}
