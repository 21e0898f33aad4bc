// The one wrapper every API route handler goes through, driven by the route's declaration: who may
// call (`auth`), whether an API key may stand in and what the OpenAPI document says (`contract`), what
// it reads (`input`, lib/http/input.ts) and which allowance a call takes (`rateLimit`). It refuses
// cross-site writes and NUL characters anywhere, reads and checks the input within its limit, loads
// the caller (the signed-in user, or on the public calls an API key's owner, lib/http/key-call.ts),
// gives spending POSTs their Idempotency-Key (lib/http/idempotency.ts), and turns thrown domain errors
// into `{ error, message }`. In a preview it also marks every answer not to be indexed and asks for
// PREVIEW_PASSWORD (lib/http/preview-guard.ts).
import "server-only";
import { NextResponse } from "next/server";
import type { z } from "zod";
import type { ApiContract } from "@/lib/api/contracts";
import { API_ERROR_CODES, IDEMPOTENCY_KEY_HEADER } from "@/lib/api/headers";
import { presentedApiKey } from "@/lib/api-keys/authenticate";
import { readSessionClaims, type SessionClaims } from "@/lib/auth/session";
import { localeOfRequest } from "@/lib/auth/request-locale";
import { findSessionUser } from "@/lib/auth/sessions";
import { reportError } from "@/lib/observability/errors";
import { logger } from "@/lib/observability/log";
import { BadRequestError, DomainError, LocalizedError, RateLimitedError, RequestAbortedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { answerIdempotently, idempotencyKeyOf } from "./idempotency";
import { AcceptedOperation } from "@/lib/imaging/caller";
import { RATE_RULES, type RateRule } from "@/lib/rate-limit/image-calls";
import { answerInPreview } from "./preview-guard";
import { type BodyLimit, readBodyText, readJsonBody } from "./body";
import { inputLimit, type InputOf, type RouteInput } from "./input";
import { assertCronCaller } from "./cron-auth";
import { clientOf, withIssuedCookies, type Client } from "./client";
import { consoleAccessOf } from "./console-gate";
import { answerKeyCall } from "./key-call";
import { isCrossSiteRequest } from "./origin";
import { assertNoNul } from "./text-rules";

/**
 * public: no caller is looked up; guest: anyone, the signed-in one (or a contract's key's owner)
 * known; session: a signed-in user (or a contract's key); admin: an admin's session that passed a
 * second factor (everyone else, API keys included, gets 404: the route does not exist for them);
 * cron: the scheduler's CRON_SECRET.
 */
type AuthMode = "public" | "guest" | "session" | "admin" | "cron";

interface RouteOptions<Input extends RouteInput | undefined, Auth extends AuthMode, Query extends z.ZodType | undefined> {
  auth?: Auth;
  /** What the route reads from the body (lib/http/input.ts): `json(schema)`, `rawBody(bytes)` or `upload(files)`. */
  input?: Input;
  /** The allowance each call takes (lib/rate-limit/image-calls.ts), before its handler runs. */
  rateLimit?: RateRule;
  /**
   * A signed-in caller's Idempotency-Key (lib/http/idempotency.ts) on a call with no spending contract:
   * "optional" honours one when sent, "required" refuses the call without one (the console's actions).
   */
  idempotency?: "optional" | "required";
  /** Request headers the handler reads (a webhook's signature), by lower-case name; it gets them as `headers`. */
  headers?: readonly string[];
  /**
   * A public call's contract (lib/api/contracts.ts, which the OpenAPI document is built from): an API
   * key may make the call in place of a session, and one that spends takes an Idempotency-Key. Every
   * route without one refuses a key.
   */
  contract?: ApiContract;
  /** Parses the URL's search parameters (each name's first value). */
  query?: Query;
}

type UserFor<Auth extends AuthMode> = Auth extends "session" | "admin" ? User : Auth extends "guest" ? User | null : null;

export interface RouteContext<Input, Auth extends AuthMode, Params, Query = undefined> {
  /** The caller's address, origin, language and device, whether they are still there, and readers for an upload. */
  client: Client;
  /** The declared input: parsed JSON, or the text as sent; undefined for an upload or none. */
  input: Input;
  query: Query;
  user: UserFor<Auth>;
  /** The signed-in session's id (with `auth: "session"` or `"guest"`), or null. */
  sessionId: string | null;
  /** What the session cookie says (with `auth: "session"` or `"guest"`), even when its session has ended, or null. */
  session: SessionClaims | null;
  params: Params;
  /** The headers named by the `headers` option (null when absent). */
  headers: Readonly<Record<string, string | null>>;
}

type Handler<Input, Auth extends AuthMode, Params, Query> = (
  context: RouteContext<Input, Auth, Params, Query>,
) => Promise<Response | unknown> | Response | unknown;

const log = logger("api");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function jsonError(status: number, error: string, message: string, headers?: HeadersInit): NextResponse {
  return NextResponse.json({ error, message }, { status, headers });
}

/** What a caller who may not see a route gets: the same answer as for a path that does not exist. */
const notFound = () => jsonError(404, "not_found", "Not found.");

function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  return issue.message;
}

type Parsed<Schema> = Schema extends z.ZodType ? z.infer<Schema> : undefined;

/** 202 with the operation to follow, for `Prefer: respond-async` (and every variant's, when there are several). */
function acceptedAnswer({ operationId, operationIds }: AcceptedOperation): Response {
  return Response.json(operationIds ? { operationId, operationIds } : { operationId }, {
    status: 202,
    headers: { Location: `/api/operations/${operationId}`, "Preference-Applied": "respond-async" },
  });
}

/**
 * A thrown error as the answer it stands for: a domain error's status and code, anything else a 500.
 * A localized error speaks the caller's language (`user` is the caller when known).
 */
function errorAnswer(error: unknown, request: Request, user: User | null = null): Response {
  if (error instanceof RateLimitedError) {
    return jsonError(error.status, error.code, error.message, { "Retry-After": String(error.retryAfterSeconds) });
  }
  const { method } = request;
  const path = new URL(request.url).pathname;
  if (error instanceof RequestAbortedError) log.warn({ method, path }, error.message);
  if (error instanceof LocalizedError) return jsonError(error.status, error.code, error.messages[localeOfRequest(request.headers, user?.locale)]);
  if (error instanceof DomainError) return jsonError(error.status, error.code, error.message);
  // Caught here, a route's failure never reaches Next's onRequestError: it is logged and reported here.
  log.error({ err: error, method, path }, "request failed");
  reportError(error, { where: `${method} ${path}` });
  return jsonError(500, "internal_error", "Something went wrong. Please try again.");
}

export function route<
  Input extends RouteInput | undefined = undefined,
  Auth extends AuthMode = "public",
  Params = Record<string, string>,
  Query extends z.ZodType | undefined = undefined,
>(options: RouteOptions<Input, Auth, Query>, handler: Handler<InputOf<Input>, Auth, Params, Parsed<Query>>) {
  if (options.contract && options.contract.auth !== options.auth) {
    throw new Error(
      `${options.contract.method} ${options.contract.path} is declared with auth "${options.auth ?? "public"}", its contract says "${options.contract.auth}".`,
    );
  }
  const input: RouteInput | undefined = options.input;
  /** The most of this request's body the route reads. */
  const bodyLimitOf = (request: Request): BodyLimit => inputLimit(input, request);

  /** The route's own work for a known caller: body and query parsed, then the handler. */
  const handle = async (
    request: Request,
    user: User | null,
    session: SessionClaims | null,
    params: Params,
    searchParams: Record<string, string>,
  ): Promise<Response> => {
    const client = clientOf(request);
    const work = async (): Promise<Response> => {
      try {
        let parsedInput: unknown = undefined;
        if (input?.kind === "json") {
          const raw = await readJsonBody(request, input.maxBytes);
          assertNoNul(raw, "request body");
          const parsed = input.schema.safeParse(raw);
          if (!parsed.success) return jsonError(400, "invalid_request", describeIssues(parsed.error));
          parsedInput = parsed.data;
        }
        let query: unknown = undefined;
        if (options.query) {
          const parsed = options.query.safeParse(searchParams);
          if (!parsed.success) return jsonError(400, "invalid_request", describeIssues(parsed.error));
          query = parsed.data;
        }
        if (!user && options.auth === "session") return jsonError(401, "unauthorized", "Please sign in to continue.");
        if (options.auth === "cron") assertCronCaller(request);
        if (input?.kind === "text") parsedInput = await readBodyText(request, input.maxBytes);
        const headers = Object.fromEntries((options.headers ?? []).map((name) => [name, request.headers.get(name)]));
        if (options.rateLimit) await RATE_RULES[options.rateLimit](client.ip, user);
        const result = await handler({
          headers,
          client,
          input: parsedInput,
          query,
          user,
          sessionId: user && session ? session.sessionId : null,
          session,
          params,
        } as RouteContext<InputOf<Input>, Auth, Params, Parsed<Query>>);
        if (result instanceof AcceptedOperation) return acceptedAnswer(result);
        return result instanceof Response ? result : Response.json(result ?? null);
      } catch (error) {
        return errorAnswer(error, request, user);
      }
    };
    // A guest key claimed on the way travels with the call's answer when it went through: the browser
    // holds the key to every file stored on its behalf.
    return withIssuedCookies(client, await work());
  };

  const answer = async (request: Request, segment?: { params?: Promise<Params> }): Promise<Response> => {
    try {
      const url = new URL(request.url);
      // A key is taken only on the public calls, and there it replaces the session; a route that
      // knows no caller ignores it; every other route refuses it.
      const admin = options.auth === "admin";
      // The console's calls are not there for anyone but an admin (a key, too, gets 404, whatever it
      // sends), and an admin must have passed a second factor.
      const access = admin ? await consoleAccessOf(request) : null;
      if (access?.kind === "hidden") return notFound();
      if (access?.kind === "second_factor_required") {
        return jsonError(
          403,
          "second_factor_required",
          "The console needs a sign-in that passed two-step sign-in. Turn it on in your account, then sign in again.",
        );
      }
      const identifies = options.auth === "session" || options.auth === "guest";
      const keys = identifies ? options.contract?.keys : undefined;
      const presentedKey = identifies ? presentedApiKey(request.headers, keys !== undefined) : null;
      if (presentedKey !== null && !keys) {
        return jsonError(403, API_ERROR_CODES.apiKeyNotAccepted, "This call needs a signed-in session; an API key cannot make it.");
      }
      if (presentedKey === null && !SAFE_METHODS.has(request.method) && isCrossSiteRequest(request)) {
        return jsonError(403, "cross_site_request", "Cross-site requests are not allowed.");
      }
      const params = ((await segment?.params) ?? {}) as Params;
      assertNoNul(params, "address");
      // Every value, repeated names included: a handler may read any of them from request.url.
      assertNoNul([...url.searchParams], "query");
      const searchParams = Object.fromEntries(url.searchParams);
      if (presentedKey !== null && keys) {
        return await answerKeyCall(
          request,
          presentedKey,
          keys.spends,
          bodyLimitOf(request),
          (user, fresh) => handle(fresh, user, null, params, searchParams),
          (error) => errorAnswer(error, request),
        );
      }
      let user: User | null = access?.kind === "admin" ? access.user : null;
      let session: SessionClaims | null = access?.kind === "admin" ? access.session : null;
      if (identifies) {
        session = await readSessionClaims(request.headers.get("cookie"));
        user = session ? await findSessionUser(session.sessionId, session.userId) : null;
      }
      // A browser's spending POST takes an Idempotency-Key too, scoped to its account; so does a call
      // declared idempotent (the console's actions).
      const idempotencyKey = (keys?.spends || options.idempotency) && user ? idempotencyKeyOf(request) : null;
      if (idempotencyKey === null && options.idempotency === "required") {
        throw new BadRequestError(`This call needs an ${IDEMPOTENCY_KEY_HEADER} header: a new key for each action.`, "idempotency_key_required");
      }
      if (idempotencyKey !== null && user) {
        const caller = user;
        return await answerIdempotently(request, caller.id, idempotencyKey, bodyLimitOf(request), (fresh) =>
          handle(fresh, caller, session, params, searchParams),
        );
      }
      return await handle(request, user, session, params, searchParams);
    } catch (error) {
      return errorAnswer(error, request);
    }
  };
  // In a preview: not indexed, and behind PREVIEW_PASSWORD when it is set.
  const routeHandler = (request: Request, segment?: { params?: Promise<Params> }): Promise<Response> =>
    answerInPreview(request, () => answer(request, segment));
  // What the route was declared with, for the tests that hold the routes to the public calls' contracts.
  return Object.assign(routeHandler, { declared: options as Readonly<RouteOptions<Input, Auth, Query>> });
}

type SegmentHandler = (request: Request, segment: { params: Promise<Record<string, string>> }) => Promise<Response>;

/**
 * One route file for calls that differ by one dynamic segment (app/api/[tool]): each value is a route
 * of its own, declared with route() and its own contract, at its own path; any other value is a 404.
 * `byValue` is what the tests read, as they read a route's `declared`.
 */
export function routeBySegment(name: string, byValue: ReadonlyMap<string, SegmentHandler>) {
  const dispatch = async (request: Request, segment: { params: Promise<Record<string, string>> }): Promise<Response> => {
    const handler = byValue.get((await segment.params)[name] ?? "");
    if (handler) return handler(request, segment);
    return answerInPreview(request, async () => jsonError(404, "not_found", "There is no such call."));
  };
  return Object.assign(dispatch, { byValue });
}
