// The web server's part of the logs (server.ts wraps Next's handler in withRequestId): each request
// gets its id, which is on every line logged while it is answered, in its X-Request-Id answer header,
// and on one closing line saying what was asked and how it was answered (path without its query, which
// may hold a token; status; milliseconds). Next's own files (/_next/…) close at debug level only.
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "./log";
import { REQUEST_ID_HEADER, requestIdFor, withLogContext } from "./request-context";

const log = logger("http");

function closingLine(request: IncomingMessage, response: ServerResponse, requestId: string, startedAt: number): void {
  const path = (request.url ?? "/").split("?")[0]!;
  const line = {
    requestId,
    method: request.method,
    path,
    status: response.statusCode,
    ms: Math.round(performance.now() - startedAt),
    // The client went away before the whole answer was sent.
    ...(response.writableFinished ? {} : { aborted: true }),
  };
  if (path.startsWith("/_next/")) log.debug(line, "request finished");
  else log.info(line, "request finished");
}

/**
 * Wraps a Node request handler (Next's) so each request has an id: on every line it logs, in its
 * X-Request-Id answer header, and in its own X-Request-Id header, where Next's onRequestError and the
 * route code read it. Only with a trusted proxy in front (TRUSTED_PROXY_HOPS) is an incoming id kept.
 */
export function withRequestId<Result>(
  handle: (request: IncomingMessage, response: ServerResponse) => Result,
  trustedProxyHops: number,
): (request: IncomingMessage, response: ServerResponse) => Result {
  return (request, response) => {
    const startedAt = performance.now();
    const requestId = requestIdFor(request.headers[REQUEST_ID_HEADER], trustedProxyHops > 0);
    request.headers[REQUEST_ID_HEADER] = requestId;
    response.setHeader("X-Request-Id", requestId);
    response.once("close", () => closingLine(request, response, requestId, startedAt));
    return withLogContext({ requestId }, () => handle(request, response));
  };
}
