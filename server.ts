// The production and development server (npm start, npm run dev, the browser tests): Next's own
// request handler behind a plain Node HTTP server, so that the two things Next cannot do safely on
// its own are done here, where the socket is known:
// - the client address comes from the socket, or from TRUSTED_PROXY_HOPS reverse proxies, never
//   from a forwarding header a client wrote (Next only fills X-Forwarded-For when it is absent);
// - Next is told it serves "localhost" whatever address it is bound to, because a loopback bind
//   (HOST=127.0.0.1) otherwise turns the locale rewrite into an endless 307 (vercel/next.js#94745).
import { createServer } from "node:http";
import path from "node:path";
import next from "next";
import { TRUSTED_FORWARDING, withTrustedForwarding } from "./lib/http/forwarding";
import { exitAfterFailure, reportError, reportUncaughtErrors } from "./lib/observability/errors";
import { logger } from "./lib/observability/log";
import { flushTracing } from "./lib/observability/tracing";
import { withRequestId } from "./lib/observability/log-requests";
import { startWebMetrics } from "./lib/observability/metrics-web";
import { REQUEST_ID_HEADER } from "./lib/observability/request-context";
import { NOINDEX, ROBOTS_HEADER } from "./lib/preview/noindex";
import { siteSettings } from "./lib/settings/site";

/** Seconds a client has to send its whole request, body included (REQUEST_TIMEOUT_SECONDS, default 60). */
function requestTimeoutMs(): number {
  const raw = process.env.REQUEST_TIMEOUT_SECONDS?.trim() || "60";
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`REQUEST_TIMEOUT_SECONDS must be a positive number of seconds, not "${raw}"`);
  return seconds * 1000;
}

/**
 * An idle kept-alive connection is closed by whichever side gives up first, and a client that sends its
 * next request on it just as the server closes it gets a reset ("other side closed") instead of an
 * answer. Clients are told 5 s (`Keep-Alive: timeout=5`, Node's default): Node's fetch then stops reusing
 * a socket after 3 s. The server itself closes it a minute later, so neither a client whose process was
 * busy past the hint (its idle timer could not run) nor a load balancer or proxy that ignores the hint
 * and keeps upstream connections for up to 60 s (AWS's default) ever sends on a socket being closed.
 */
const KEEP_ALIVE_ADVERTISED_MS = 5_000;
const KEEP_ALIVE_GRACE_MS = 60_000;

const log = logger("server");

function trustedProxyHops(): number {
  const raw = process.env.TRUSTED_PROXY_HOPS?.trim() || "0";
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0) throw new Error(`TRUSTED_PROXY_HOPS must be a whole number of proxies (0 or more), not "${raw}"`);
  return hops;
}

export async function startServer(options: { dev: boolean }): Promise<void> {
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST?.trim() || undefined;
  const hops = trustedProxyHops();
  if (!process.env.NODE_ENV) Object.assign(process.env, { NODE_ENV: options.dev ? "development" : "production" });
  // Before prepare(): it runs instrumentation.ts, whose start-up check asks who rewrites the headers.
  (globalThis as Record<symbol, unknown>)[TRUSTED_FORWARDING] = true;
  const app = next({ dev: options.dev, hostname: "localhost", port });
  await app.prepare();
  // With METRICS_PORT, Prometheus metrics on a port of their own (never this one), and each request timed.
  const metrics = await startWebMetrics({
    publicPort: port,
    distDir: path.resolve(process.env.NEXT_DIST_DIR || ".next"),
    databaseUrl: process.env.DATABASE_URL,
  });
  // Each request has an id (X-Request-Id, from a trusted proxy or new), on every line it logs.
  const handle = metrics.measure(withRequestId(app.getRequestHandler(), hops));
  const requestTimeout = requestTimeoutMs();
  const { indexable } = siteSettings();
  // A client has that long to send its request (Node's default is five minutes): a 10 MB upload needs
  // far less on any working connection, and a slow sender holds its socket no longer. Node looks for
  // late requests every `connectionsCheckingInterval`, so that is kept well under the timeout.
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, 20_000),
      connectionsCheckingInterval: Math.min(5_000, requestTimeout / 2),
      keepAliveTimeout: KEEP_ALIVE_ADVERTISED_MS,
    },
    withTrustedForwarding((request, response) => {
      // A site that is not to be indexed (a preview) says so on every answer, Next's own files and errors included.
      if (!indexable) response.setHeader(ROBOTS_HEADER, NOINDEX);
      return handle(request, response).catch((error: unknown) => {
        log.error({ err: error, requestId: request.headers[REQUEST_ID_HEADER] }, "request failed");
        reportError(error, { where: `${request.method} (server)`, requestId: String(request.headers[REQUEST_ID_HEADER]) });
        if (!response.headersSent) response.writeHead(500);
        response.end();
      });
    }, hops),
  );
  // Node 24.6+ keeps a socket `keepAliveTimeoutBuffer` past the timeout it advertises; an older Node
  // closes at the advertised one, so it advertises the whole time (a load balancer is still safe).
  if ("keepAliveTimeoutBuffer" in server) Object.assign(server, { keepAliveTimeoutBuffer: KEEP_ALIVE_GRACE_MS });
  else server.keepAliveTimeout = KEEP_ALIVE_ADVERTISED_MS + KEEP_ALIVE_GRACE_MS;
  server.listen(port, host, () => {
    log.info(`Pictura ready on http://${host ?? "localhost"}:${port} (${options.dev ? "development" : "production"}, trusted proxy hops: ${hops})`);
  });
  // Spans still buffered (OTEL_EXPORTER_OTLP_ENDPOINT) leave before the process does.
  const stop = () => server.close(() => void flushTracing().finally(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (require.main === module) {
  reportUncaughtErrors("server");
  startServer({ dev: process.argv.includes("--dev") }).catch((error: unknown) => exitAfterFailure(error, "server", "the server did not start"));
}
