// What a log line is part of: the request (its id) or the job (its operation's id) the code runs for,
// carried through every await by AsyncLocalStorage, so no function has to pass it along. server.ts
// gives each request its id around Next's handler (withRequestId, log-requests.ts); the workers give
// each job its operation's id (withLogContext). No "server-only": server.ts runs without React's server conditions.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export interface LogContext {
  /** The request's id, echoed in its X-Request-Id answer header. */
  requestId?: string;
  /** The operation a job works on. */
  operationId?: string;
}

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * One store for the whole process, kept on the global object: Next bundles lib/ into its own chunks,
 * so server.ts and a route handler each load their own copy of this module, and both must see the
 * request's context.
 */
const STORE = Symbol.for("pictura.observability.logContext");

function storage(): AsyncLocalStorage<LogContext> {
  const holder = globalThis as Record<symbol, AsyncLocalStorage<LogContext> | undefined>;
  return (holder[STORE] ??= new AsyncLocalStorage<LogContext>());
}

/** The context the calling code runs in, or undefined outside any request or job. */
export function currentLogContext(): LogContext | undefined {
  return storage().getStore();
}

/** Runs `work` with `context` added to the one it is called in (a job run inside a request keeps the request's id). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage().run({ ...currentLogContext(), ...context }, work);
}

/** An id a proxy may hand on: short, and nothing that could forge a log line or a header. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the one a trusted proxy sent in X-Request-Id, so the proxy's logs and ours
 * name the request alike, or a new one. Without a trusted proxy the header came from the client
 * itself, who must not choose what our logs call its request.
 */
export function requestIdFor(incoming: string | string[] | undefined, trustedProxy: boolean): string {
  const given = Array.isArray(incoming) ? incoming[0] : incoming;
  if (trustedProxy && given !== undefined && SAFE_REQUEST_ID.test(given)) return given;
  return randomUUID();
}
