// The one wrapper every API route handler goes through: refuses cross-site writes, reads the JSON
// body within its size limit and parses it with zod, refuses NUL characters anywhere, loads the
// signed-in user, and turns thrown domain errors into `{ error, message }`. In a preview it also marks
// every answer not to be indexed and asks for PREVIEW_PASSWORD (lib/preview/api-guard.ts).
import "server-only";
import { NextResponse } from "next/server";
import type { z } from "zod";
import { readSessionClaims } from "@/lib/auth/session";
import { findSessionUser } from "@/lib/auth/sessions";
import { DomainError, RateLimitedError, RequestAbortedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { answerInPreview } from "@/lib/preview/api-guard";
import { JSON_BODY_LIMIT, readJsonBody } from "./body";
import { isCrossSiteRequest } from "./origin";
import { assertNoNul } from "./text-rules";

type AuthMode = "none" | "optional" | "user";

interface RouteOptions<Body extends z.ZodType | undefined, Auth extends AuthMode, Query extends z.ZodType | undefined> {
  body?: Body;
  auth?: Auth;
  /** Parses the URL's search parameters (each name's first value). */
  query?: Query;
  /** Largest JSON body accepted, in bytes (default JSON_BODY_LIMIT, 1 MB). */
  maxBodyBytes?: number;
}

type UserFor<Auth extends AuthMode> = Auth extends "user" ? User : Auth extends "optional" ? User | null : null;

export interface RouteContext<Body, Auth extends AuthMode, Params, Query = undefined> {
  request: Request;
  body: Body;
  query: Query;
  user: UserFor<Auth>;
  /** The signed-in session's id (with `auth: "user"` or `"optional"`), or null. */
  sessionId: string | null;
  params: Params;
}

type Handler<Body, Auth extends AuthMode, Params, Query> = (
  context: RouteContext<Body, Auth, Params, Query>,
) => Promise<Response | unknown> | Response | unknown;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function jsonError(status: number, error: string, message: string, headers?: HeadersInit): NextResponse {
  return NextResponse.json({ error, message }, { status, headers });
}

function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  return issue.message;
}

type Parsed<Schema> = Schema extends z.ZodType ? z.infer<Schema> : undefined;

export function route<
  Body extends z.ZodType | undefined = undefined,
  Auth extends AuthMode = "none",
  Params = Record<string, string>,
  Query extends z.ZodType | undefined = undefined,
>(options: RouteOptions<Body, Auth, Query>, handler: Handler<Parsed<Body>, Auth, Params, Parsed<Query>>) {
  const answer = async (request: Request, segment?: { params?: Promise<Params> }): Promise<Response> => {
    try {
      if (!SAFE_METHODS.has(request.method) && isCrossSiteRequest(request)) {
        return jsonError(403, "cross_site_request", "Cross-site requests are not allowed.");
      }
      const params = ((await segment?.params) ?? {}) as Params;
      assertNoNul(params, "address");
      const url = new URL(request.url);
      // Every value, repeated names included: a handler may read any of them from request.url.
      assertNoNul([...url.searchParams], "query");
      const searchParams = Object.fromEntries(url.searchParams);
      let body: unknown = undefined;
      if (options.body) {
        const raw = await readJsonBody(request, options.maxBodyBytes ?? JSON_BODY_LIMIT);
        assertNoNul(raw, "request body");
        const parsed = options.body.safeParse(raw);
        if (!parsed.success) return jsonError(400, "invalid_request", describeIssues(parsed.error));
        body = parsed.data;
      }
      let query: unknown = undefined;
      if (options.query) {
        const parsed = options.query.safeParse(searchParams);
        if (!parsed.success) return jsonError(400, "invalid_request", describeIssues(parsed.error));
        query = parsed.data;
      }
      let user: User | null = null;
      let sessionId: string | null = null;
      if (options.auth === "user" || options.auth === "optional") {
        const claims = await readSessionClaims(request);
        user = claims ? await findSessionUser(claims.sessionId, claims.userId) : null;
        if (user) sessionId = claims!.sessionId;
        if (!user && options.auth === "user") return jsonError(401, "unauthorized", "Please sign in to continue.");
      }
      const result = await handler({ request, body, query, user, sessionId, params } as RouteContext<Parsed<Body>, Auth, Params, Parsed<Query>>);
      return result instanceof Response ? result : Response.json(result ?? null);
    } catch (error) {
      if (error instanceof RateLimitedError) {
        return jsonError(error.status, error.code, error.message, { "Retry-After": String(error.retryAfterSeconds) });
      }
      if (error instanceof RequestAbortedError) console.warn(`[api] ${request.method} ${new URL(request.url).pathname}: ${error.message}`);
      if (error instanceof DomainError) return jsonError(error.status, error.code, error.message);
      console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed`, error);
      return jsonError(500, "internal_error", "Something went wrong. Please try again.");
    }
  };
  // In a preview: not indexed, and behind PREVIEW_PASSWORD when it is set.
  return (request: Request, segment?: { params?: Promise<Params> }): Promise<Response> => answerInPreview(request, () => answer(request, segment));
}
