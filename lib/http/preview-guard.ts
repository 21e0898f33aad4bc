// What every API answer of a preview goes through (lib/http/route.ts, and the few routes that do not
// use it: Auth.js's handler and the sign-in redirects): the not-indexed header, and, when
// PREVIEW_PASSWORD is set, a 401 for a call without the access cookie. On an indexable site (not a
// preview): nothing.
import "server-only";
import { hasPreviewAccess, previewAccessCookieName } from "@/lib/preview/access";
import { NOINDEX, ROBOTS_HEADER } from "@/lib/preview/noindex";
import { siteSettings } from "@/lib/settings/site";

/**
 * Calls that must work without the cookie: health checks (load balancers), scheduled jobs (their own
 * bearer secret), Stripe's webhook (signed), the password form itself, and OAuth callbacks, which
 * Apple sends as a cross-site POST that carries no SameSite=Lax cookie (and which only complete a
 * sign-in started here, with its own state cookies).
 */
const OPEN_WITHOUT_PASSWORD = [
  /^\/api\/health(?:\/|$)/,
  /^\/api\/cron\//,
  /^\/api\/webhooks\/stripe\/?$/,
  /^\/api\/preview\/access\/?$/,
  /^\/api\/auth\/callback\//,
];

/** The access cookie's value in a Cookie header (plain requests have no parsed cookies). */
function previewAccessCookieOf(request: Request): string | undefined {
  const name = previewAccessCookieName();
  for (const pair of (request.headers.get("cookie") ?? "").split(";")) {
    const index = pair.indexOf("=");
    if (index > 0 && pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return undefined;
}

/** The response, marked not to be indexed (copied when its headers are immutable). */
function withRobotsHeader(response: Response): Response {
  try {
    response.headers.set(ROBOTS_HEADER, NOINDEX);
    return response;
  } catch {
    // Response.redirect() and Response.error() have immutable headers: answer with a copy.
    const copy = new Response(response.body, response);
    copy.headers.set(ROBOTS_HEADER, NOINDEX);
    return copy;
  }
}

function refusal(request: Request): Response | null {
  const { pathname } = new URL(request.url);
  if (OPEN_WITHOUT_PASSWORD.some((pattern) => pattern.test(pathname))) return null;
  if (hasPreviewAccess(previewAccessCookieOf(request))) return null;
  return Response.json(
    { error: "preview_password_required", message: "This preview is protected by a password: open it in a browser and enter the password first." },
    { status: 401, headers: { "Cache-Control": "no-store" } },
  );
}

/** Answers a call as a preview must: refused without access, and never indexed. */
export async function answerInPreview(request: Request, answer: () => Promise<Response> | Response): Promise<Response> {
  if (siteSettings().indexable) return answer();
  return withRobotsHeader(refusal(request) ?? (await answer()));
}

/** Wraps a route handler that does not go through route(). */
export function previewAware<R extends Request, Rest extends unknown[]>(handler: (request: R, ...rest: Rest) => Promise<Response> | Response) {
  return (request: R, ...rest: Rest): Promise<Response> => answerInPreview(request, () => handler(request, ...rest));
}
