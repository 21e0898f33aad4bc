// pg-boss's own dashboard (@pg-boss/dashboard), mounted at /admin/queue for the console's admins: the
// image and webhook queues, their jobs and schedules. The package has no authentication of its own, so
// every request passes the console's gate first (lib/http/console-gate.ts): others get a 404, an admin
// without a second factor is sent to turn it on. It only shows unless ADMIN_QUEUE_WRITE=true; a write
// (any method but GET and HEAD) is refused before the dashboard sees it, and one from another site is
// refused as everywhere in the app; a write it lets through is written in the audit log. Every answer is kept out of search engines and out of frames, runs
// under the pages' Content-Security-Policy, and is cached by the admin's browser alone. Its HTML is
// passed on as rendered: the policy refuses its Google Fonts stylesheet (it falls back to the system's
// fonts), and removing the link would only break React's hydration, which renders it again anyway.
import "server-only";
import type { DashboardHandler } from "@pg-boss/dashboard/handler";
import { TWO_FACTOR_CARD_PATH } from "@/lib/admin/page-gate";
import { recordAudit } from "@/lib/audit/log";
import { db } from "@/lib/db";
import { env, isProduction } from "@/lib/env";
import { QUEUE_SCHEMA } from "@/lib/jobs/queue-config";
import { logger } from "@/lib/observability/log";
import { NOINDEX, ROBOTS_HEADER } from "@/lib/preview/noindex";
import { clientIp } from "./client-ip";
import { consoleAccessOf } from "./console-gate";
import { pageContentSecurityPolicy } from "./content-security-policy";
import { isCrossSiteRequest } from "./origin";
import { answerInPreview } from "./preview-guard";
import { siteOrigin } from "./site-origin";

export const QUEUE_DASHBOARD_PATH = "/admin/queue";

const READS = new Set(["GET", "HEAD"]);

const log = logger("queue-dashboard");

// One dashboard per process (kept across hot reloads in development). Its read-only switch is taken
// when it starts, so a process whose setting changes (tests only) gets a second one for the other value.
const globalForDashboard = globalThis as unknown as { pictura_queue_dashboards?: Map<boolean, Promise<DashboardHandler>> };

function dashboards(): Map<boolean, Promise<DashboardHandler>> {
  return (globalForDashboard.pictura_queue_dashboards ??= new Map());
}

function dashboardFor(writable: boolean): Promise<DashboardHandler> {
  const started = dashboards();
  let handler = started.get(writable);
  if (!handler) {
    handler = import("@pg-boss/dashboard/handler").then(({ createDashboardHandler }) =>
      createDashboardHandler({
        databases: [{ url: env().DATABASE_URL, schema: QUEUE_SCHEMA, name: "pictura" }],
        basePath: QUEUE_DASHBOARD_PATH,
      }),
    );
    handler.catch(() => started.delete(writable));
    started.set(writable, handler);
  }
  return handler;
}

/**
 * The dashboard reads its read-only switch from the environment itself: when it starts (refusing
 * writes) and on each page (offering no buttons that change anything).
 */
function setDashboardReadOnly(readOnly: boolean): void {
  // eslint-disable-next-line no-restricted-properties -- the package's own switch, read from process.env by the package
  process.env.PGBOSS_DASHBOARD_READ_ONLY = readOnly ? "1" : "0";
}

/** Stops the dashboards' database pools and pg-boss clients (tests, and a graceful shutdown). */
export async function closeQueueDashboards(): Promise<void> {
  const started = [...dashboards().values()];
  dashboards().clear();
  await Promise.all(started.map(async (pending) => (await pending.catch(() => null))?.close()));
}

function jsonAnswer(status: number, error: string, message: string): Response {
  return Response.json({ error, message }, { status });
}

/**
 * The request as the dashboard must see it: at the site's public address, which a browser's Origin
 * names (React Router refuses a form whose Origin is not the request's own host, and Next gives route
 * handlers the address the server was started on).
 */
function publicRequest(request: Request): Request {
  const url = new URL(request.url);
  const target = new URL(`${url.pathname}${url.search}`, siteOrigin(request));
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: request.headers, signal: request.signal };
  if (!READS.has(request.method) && request.body) {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(target, init);
}

/** Not indexed, not framed, the pages' policy, and no shared cache: its files, too, are for admins only. */
function withConsoleHeaders(response: Response): Response {
  const answer = new Response(response.body, response);
  answer.headers.set(ROBOTS_HEADER, NOINDEX);
  answer.headers.set("X-Frame-Options", "DENY");
  answer.headers.set("Content-Security-Policy", pageContentSecurityPolicy({ development: !isProduction() }));
  answer.headers.set("Cache-Control", (answer.headers.get("Cache-Control") ?? "no-store").replace(/\bpublic\b/, "private"));
  answer.headers.append("Vary", "Cookie");
  return answer;
}

async function gatedAnswer(request: Request): Promise<Response> {
  const access = await consoleAccessOf(request);
  if (access.kind === "hidden") return new Response("Not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (access.kind === "second_factor_required") {
    return new Response(null, { status: 303, headers: { Location: new URL(TWO_FACTOR_CARD_PATH, siteOrigin(request)).toString() } });
  }
  const writes = !READS.has(request.method);
  if (writes && isCrossSiteRequest(request)) return jsonAnswer(403, "cross_site_request", "Cross-site requests are not allowed.");
  const writable = env().ADMIN_QUEUE_WRITE;
  if (writes && !writable) {
    return jsonAnswer(403, "read_only", "The queue view is read-only. Set ADMIN_QUEUE_WRITE=true to change jobs and queues from it.");
  }
  setDashboardReadOnly(!writable);
  let response: Response;
  try {
    response = await (await dashboardFor(writable))(publicRequest(request));
  } catch (error) {
    log.error({ err: error, method: request.method, path: new URL(request.url).pathname }, "queue view failed");
    return jsonAnswer(503, "queue_view_unavailable", "The queue view is not available right now. Please try again.");
  }
  if (writes) await auditQueueWrite(request, access.user.id, response.status);
  return response;
}

/**
 * A change made from the queue view (a retry, a cancel, a sent job) leaves an audit row like every
 * console action: who, from where, which page and what it answered. The dashboard asks for no reason.
 */
async function auditQueueWrite(request: Request, adminId: string, status: number): Promise<void> {
  const url = new URL(request.url);
  await recordAudit(db, {
    actor: { type: "admin", id: adminId },
    action: "queue.change",
    target: { type: "queue", id: url.pathname.slice(QUEUE_DASHBOARD_PATH.length) || "/" },
    after: { method: request.method, path: `${url.pathname}${url.search}`, status },
    address: clientIp(request),
  });
}

/** Every request under /admin/queue, any method. */
export function answerQueueDashboard(request: Request): Promise<Response> {
  return answerInPreview(request, async () => withConsoleHeaders(await gatedAnswer(request)));
}
