// With SENTRY_DSN set, an error nobody answered for goes to Sentry, with the request's id and no
// personal data; unset, nothing of the reporting code is loaded. Against a fake of Sentry's envelope
// endpoint on 127.0.0.1: a route that throws answers through the server's request wrapping while
// Next's onRequestError (instrumentation.ts) hears of the error, as Next calls it; a script that fails
// (npm run storage:cleanup without its database) reports before it exits.
import { spawn } from "node:child_process";
import path from "node:path";
import { onRequestError } from "@/instrumentation";
import { route } from "@/lib/http/route";
import { environment } from "@/lib/settings/source";
import { FakeSentry } from "../fakes/sentry-server";
import { setSettings } from "../setup/settings";
import { restoreEnvAfterEach } from "../setup/test-env";
import { captureLogs, startPipeline, type Pipeline } from "./log-pipeline";

const sentry = new FakeSentry();
let server: Pipeline;

restoreEnvAfterEach(["NEXT_RUNTIME"]);

/** A route whose work fails in a way no code foresaw, quoting the signed-in person's address, as a database error might. */
async function failingRoute(request: Request): Promise<Response> {
  const email = request.headers.get("x-test-email");
  const error = new Error(`duplicate key value violates unique constraint: (email)=(${email})`);
  // What Next does with an error a route handler throws: it tells instrumentation.ts, then answers 500.
  await onRequestError(
    error,
    { path: new URL(request.url).pathname, method: request.method, headers: Object.fromEntries(request.headers) },
    { routerKind: "App Router", routePath: "/api/boom", routeType: "route", revalidateReason: undefined },
  );
  return new Response(null, { status: 500 });
}

/** A route of the app's own wrapper whose handler fails: the wrapper answers the 500 itself, so Next never hears of it. */
const crashingRoute = route({ auth: "public" }, () => {
  throw new TypeError("Cannot read properties of undefined (reading 'credits')");
});

beforeAll(async () => {
  await sentry.start();
  server = await startPipeline({ "POST /api/boom": failingRoute, "GET /api/crash": crashingRoute });
});

afterAll(async () => {
  await server.close();
  await sentry.stop();
});

beforeEach(() => {
  process.env.NEXT_RUNTIME = "nodejs";
});

describe("error reports", () => {
  it("sends a route's unhandled error to Sentry with the request's id, without the person's e-mail address", async () => {
    setSettings({ SENTRY_DSN: sentry.dsn });
    const capture = captureLogs();
    const email = "grace.hopper@example.com";
    const answer = await server.send("POST", "/api/boom", { body: {}, headers: { "x-test-email": email, cookie: "pictura.session-token=abc.def.ghi" } });
    expect(answer.status).toBe(500);
    const requestId = answer.headers.get("x-request-id")!;

    const event = await sentry.waitForEvent((received) => (received.tags as Record<string, string> | undefined)?.request_id === requestId);
    expect(event).toMatchObject({
      level: "error",
      platform: "node",
      tags: { request_id: requestId, where: "POST /api/boom" },
      exception: { values: [{ type: "Error", value: "duplicate key value violates unique constraint: (email)=(g***@example.com)" }] },
    });
    const frames = (event.exception as { values: { stacktrace: { frames: { filename: string }[] } }[] }).values[0]!.stacktrace.frames;
    expect(frames.some((frame) => frame.filename.endsWith("error-reports.test.ts"))).toBe(true);
    expect(event).not.toHaveProperty("user");
    expect(event).not.toHaveProperty("request");
    const envelope = sentry.envelopes.find((received) => received.raw.includes(requestId))!;
    for (const personal of [email, "abc.def.ghi", "127.0.0.1"]) expect(envelope.raw).not.toContain(personal);

    // The server's log has the same error under the same id.
    capture.stop();
    expect(capture.lines().find((line) => line.msg === "request failed")).toMatchObject({ requestId, routePath: "/api/boom", level: "error" });
  });

  it("reports a failure the route wrapper answers itself, with the request's id", async () => {
    setSettings({ SENTRY_DSN: sentry.dsn });
    const capture = captureLogs();
    const answer = await server.send("GET", "/api/crash");
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ error: "internal_error", message: "Something went wrong. Please try again." });
    const requestId = answer.headers.get("x-request-id")!;
    const event = await sentry.waitForEvent((received) => (received.tags as Record<string, string> | undefined)?.request_id === requestId);
    expect(event).toMatchObject({
      tags: { request_id: requestId, where: "GET /api/crash" },
      exception: { values: [{ type: "TypeError", value: "Cannot read properties of undefined (reading 'credits')" }] },
    });
    capture.stop();
    expect(capture.lines().find((line) => line.msg === "request failed")).toMatchObject({ requestId, method: "GET", path: "/api/crash", level: "error" });
  });

  it("loads no reporting code and sends nothing when SENTRY_DSN is unset", async () => {
    setSettings({ SENTRY_DSN: undefined });
    const before = sentry.envelopes.length;
    let loaded = false;
    await jest.isolateModulesAsync(async () => {
      jest.doMock("@/lib/observability/errors-sentry", () => {
        loaded = true;
        return jest.requireActual("@/lib/observability/errors-sentry");
      });
      const { reportError, flushErrorReports } = await import("@/lib/observability/errors");
      reportError(new Error("nobody hears this"), { where: "test" });
      await flushErrorReports();
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(loaded).toBe(false);
    expect(sentry.envelopes.length).toBe(before);
  });

  it("has a script that fails report it before it exits", async () => {
    const script = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(process.cwd(), "scripts", "storage-cleanup.ts")], {
      // No database answers on port 1: every step of the cleanup fails.
      env: { ...environment(), DATABASE_URL: "postgresql://postgres@127.0.0.1:1/nowhere", SENTRY_DSN: sentry.dsn, LOG_LEVEL: "fatal" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    script.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    script.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => script.once("exit", resolve));
    expect({ code, output: output.slice(-2000) }).toMatchObject({ code: 1 });
    const event = await sentry.waitForEvent((received) => (received.tags as Record<string, string> | undefined)?.where === "storage:cleanup", 1_000);
    expect(event).toMatchObject({ exception: { values: [expect.objectContaining({ type: "AggregateError" })] } });
  });
});
