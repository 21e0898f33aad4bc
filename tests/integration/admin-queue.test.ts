// The queue view at /admin/queue (pg-boss's own dashboard) exists only for an admin whose session passed
// a second factor: guests, users and API keys get a 404, an admin without the second factor is sent to
// turn it on. It shows the app's queues and jobs, changes nothing unless ADMIN_QUEUE_WRITE=true, refuses
// cross-site writes even then, and every answer is unindexed, unframed and loads nothing the pages'
// policy refuses.
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import { unstable_doesMiddlewareMatch } from "next/experimental/testing/server";
import { GET, POST } from "@/app/admin/queue/[[...path]]/route";
import { db } from "@/lib/db";
import { closeQueueDashboards } from "@/lib/http/queue-dashboard";
import { queueClient } from "@/lib/jobs/boss";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { LOCAL_QUEUE } from "@/lib/jobs/queue-config";
import nextConfig from "@/next.config";
import { config as proxyConfig } from "@/proxy";
import { setSettings } from "../setup/settings";
import { apiKeyFor, keyRequest } from "./api-keys-helpers";
import { adminSession } from "./admin-helpers";
import { apiRequest, ORIGIN, signedInUser } from "./helpers";

/** A waiting job on the local image queue, made the way the app makes every job. */
async function queuedJob(): Promise<string> {
  const { user } = await signedInUser();
  const operation = await enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "a fox", params: {} });
  const [job] = await db.$queryRaw<{ id: string }[]>`SELECT id::text FROM pgboss.job WHERE name = ${LOCAL_QUEUE} AND data::text LIKE ${`%${operation.id}%`}`;
  if (!job) throw new Error("The operation's job is not on the local queue");
  return job.id;
}

const jobState = async (id: string) => (await db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE id = ${id}::uuid`)[0]?.state;

// A queue of its own, which no worker of the other tests takes jobs from.
const TEST_QUEUE = "admin-queue-view-test";

/** A failed job, failed by the app's own queue client, which the dashboard's Retry puts back in line. */
async function failedJob(): Promise<string> {
  const boss = await queueClient();
  if (!(await boss.getQueue(TEST_QUEUE))) await boss.createQueue(TEST_QUEUE);
  const id = await boss.send(TEST_QUEUE, { note: "fails at once" }, { retryLimit: 0 });
  if (!id) throw new Error("The job was not sent");
  await boss.fail(TEST_QUEUE, id, { message: "broken on purpose" });
  expect(await jobState(id)).toBe("failed");
  return id;
}

/** The dashboard's own form to retry a failed job, as its queue page posts it. */
function retryRequest(cookie: string, jobId: string, origin: string = ORIGIN): Request {
  const body = new URLSearchParams({ intent: "retry", jobId }).toString();
  return apiRequest("POST", `/admin/queue/queues/${TEST_QUEUE}`, {
    cookie,
    origin,
    rawBody: body,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

/** What the dashboard's "Send job" page says in place of its form while it is read-only. */
const SENDING_DISABLED = /Sending jobs(?:<!-- -->)? is disabled/;

const page = (path: string, options: { cookie?: string; headers?: Record<string, string> } = {}) => GET(apiRequest("GET", path, options));

afterAll(async () => {
  await closeQueueDashboards();
});

describe("who reaches the queue view", () => {
  it("answers 404 to a guest, a user and any API key, pages and files alike, never indexed", async () => {
    const { cookie: userCookie } = await signedInUser();
    const { cookie: adminCookie } = await adminSession();
    const key = (await apiKeyFor(adminCookie)).key;
    for (const path of ["/admin/queue", "/admin/queue/queues", "/admin/queue/assets/root-ERxoZafa.css"]) {
      for (const response of [
        await page(path),
        await page(path, { cookie: userCookie }),
        await GET(keyRequest("GET", path, key)),
        await page(path, { cookie: adminCookie, headers: { authorization: `Bearer ${key}` } }),
      ]) {
        expect([path, response.status]).toEqual([path, 404]);
        expect(response.headers.get("x-robots-tag")).toContain("noindex");
        expect(await response.text()).not.toContain("pg-boss");
      }
    }
  });

  it("sends an admin whose sign-in passed no second factor to the Account page's two-step card", async () => {
    const { cookie } = await adminSession({ secondFactor: false });
    const response = await page("/admin/queue", { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/account#two-factor`);
  });

  it("shows an admin the overview with the app's queues, and its files, under the pages' policy", async () => {
    await queuedJob();
    const { cookie } = await adminSession();
    const response = await page("/admin/queue", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'none'");
    // Its inline scripts run under the pages' policy as Next's own do: inline scripts allowed, no nonce.
    expect(policy).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(policy).not.toContain("nonce-");
    const html = await response.text();
    expect(html).toContain("pg-boss Dashboard");
    for (const queue of [LOCAL_QUEUE, "image-remote", "image-dead"]) expect(html).toContain(queue);
    // Read-only by default: the dashboard itself offers no form that changes anything.
    expect(await (await page("/admin/queue/send", { cookie })).text()).toMatch(SENDING_DISABLED);
    // It runs only its own files and its inline scripts, which the policy allows as it does Next's own.
    const linked = (rel: string) => [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"`, "g"))].map((match) => match[1]!);
    const scripts = [...linked("modulepreload"), ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!)];
    expect(scripts.length).toBeGreaterThan(3);
    for (const address of scripts) expect(address).toMatch(/^\/admin\/queue\/assets\//);
    expect(html).toMatch(/<script>/);
    // Its own stylesheet loads; any other (its Google Fonts) is one the policy refuses: the system's fonts show.
    const styleSources = (/style-src ([^;]+)/.exec(policy)?.[1] ?? "").split(" ");
    const [stylesheet, ...others] = linked("stylesheet").sort((a, b) => Number(b.startsWith("/")) - Number(a.startsWith("/")));
    expect(stylesheet).toMatch(/^\/admin\/queue\/assets\/.+\.css$/);
    for (const address of others)
      expect([address, styleSources.some((source) => source.startsWith("http") && address.startsWith(source))]).toEqual([address, false]);

    const file = await page(stylesheet!, { cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("text/css");
    expect(file.headers.get("cache-control")).toContain("private");
    expect(file.headers.get("cache-control")).not.toContain("public");
    expect(file.headers.get("x-robots-tag")).toContain("noindex");
  });

  it("is reached at /admin/queue in every language: the language routing leaves it alone", () => {
    const seen = (url: string) => unstable_doesMiddlewareMatch({ config: proxyConfig, url });
    expect(seen("/admin/queue")).toBe(false);
    expect(seen(`/admin/queue/queues/${LOCAL_QUEUE}`)).toBe(false);
    expect(seen("/admin/queue/assets/root.css")).toBe(false);
    expect(seen("/admin/queue.data")).toBe(false);
    expect(seen("/admin/queues")).toBe(true);
    expect(seen("/gallery")).toBe(true);
  });
});

describe("the overview's data", () => {
  it("is asked for beside the view's folder, at /admin/queue.data, and answered there for admins only", async () => {
    const rewrites = await nextConfig(PHASE_PRODUCTION_SERVER).rewrites?.();
    const beforeFiles = (rewrites && !Array.isArray(rewrites) ? rewrites.beforeFiles : undefined) ?? [];
    const rule = beforeFiles.find((candidate) => candidate.source === "/admin/queue.data");
    expect(rule?.destination).toBe("/admin/queue/_.data");
    const { cookie } = await adminSession();
    const data = await page(`${rule!.destination}?_routes=routes%2F_index`, { cookie });
    expect(data.status).toBe(200);
    expect(data.headers.get("x-robots-tag")).toContain("noindex");
    const stream = await data.text();
    expect(stream).toContain("routes/_index");
    expect(stream).toContain(LOCAL_QUEUE);
    expect((await page(rule!.destination)).status).toBe(404);
  });
});

describe("changing jobs from the queue view", () => {
  it("refuses every write while read-only, and nothing changes", async () => {
    const jobId = await failedJob();
    const { user: admin, cookie } = await adminSession();
    const response = await POST(retryRequest(cookie, jobId));
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("read_only");
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(await jobState(jobId)).toBe("failed");
    expect(await db.auditLog.count({ where: { actorId: admin.id } })).toBe(0);
  });

  it("with ADMIN_QUEUE_WRITE=true, lets a same-origin write through and refuses a cross-site one", async () => {
    setSettings({ ADMIN_QUEUE_WRITE: "true" });
    const { user: admin, cookie } = await adminSession();
    const auditRows = () => db.auditLog.findMany({ where: { actorId: admin.id, action: "queue.change" } });
    const jobId = await failedJob();
    const sendPage = await page("/admin/queue/send", { cookie });
    expect(sendPage.status).toBe(200);
    expect(await sendPage.text()).not.toMatch(SENDING_DISABLED);

    const crossSite = await POST(retryRequest(cookie, jobId, "https://evil.example"));
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error).toBe("cross_site_request");
    expect(await jobState(jobId)).toBe("failed");

    // A guest's write is no write at all: the address does not exist for them.
    expect((await POST(retryRequest("", jobId))).status).toBe(404);
    expect(await jobState(jobId)).toBe("failed");

    const sameOrigin = await POST(retryRequest(cookie, jobId));
    expect(sameOrigin.status).toBe(200);
    expect(sameOrigin.headers.get("x-robots-tag")).toContain("noindex");
    expect(await jobState(jobId)).toBe("retry");
    // Only the write that reached the dashboard is in the audit log, with who, where and what it answered.
    expect(await auditRows()).toEqual([
      expect.objectContaining({
        actorType: "admin",
        targetType: "queue",
        after: expect.objectContaining({ method: "POST", status: 200 }),
        address: expect.any(String),
      }),
    ]);
  });
});
