// Every request has an id: X-Request-Id from a trusted proxy, or a new one. It is echoed on every
// answer and is on every line logged while the request is answered, through server.ts's own wrapping
// (lib/observability/log-requests.ts) around a stub handler that logs across awaits, as route code does.
import { setTimeout as sleep } from "node:timers/promises";
import { logger } from "@/lib/observability/log";
import { captureLogs, startPipeline, type LogCapture, type Pipeline } from "./log-pipeline";

const log = logger("stub");

/** A route that logs before and after waiting, so lines of requests answered together interleave. */
async function slowRoute(request: Request): Promise<Response> {
  const label = new URL(request.url).searchParams.get("label");
  log.info({ label }, "started");
  await sleep(20 + Math.random() * 30);
  log.info({ label }, "finished");
  return Response.json({ label });
}

const routes = { "GET /slow": slowRoute };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let capture: LogCapture;
let pipelines: Pipeline[] = [];

beforeEach(() => {
  capture = captureLogs();
});

afterEach(async () => {
  capture.stop();
  await Promise.all(pipelines.map((pipeline) => pipeline.close()));
  pipelines = [];
});

async function pipeline(trustedProxyHops: number): Promise<Pipeline> {
  const started = await startPipeline(routes, trustedProxyHops);
  pipelines.push(started);
  return started;
}

/** The lines logged for `requestId`, once its closing line is there (written when the answer is done). */
async function linesOf(requestId: string): Promise<Record<string, unknown>[]> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const lines = capture.lines().filter((line) => line.requestId === requestId);
    if (lines.some((line) => line.msg === "request finished")) return lines;
    await sleep(10);
  }
  throw new Error(`No closing line for request ${requestId}`);
}

describe("request ids", () => {
  it("puts the id each answer echoes on every line of that request, and on no other", async () => {
    const server = await pipeline(0);
    const labels = ["a", "b", "c", "d", "e"];
    const answers = await Promise.all(labels.map((label) => server.send("GET", `/slow?label=${label}&token=secret-in-the-link`)));
    const ids = answers.map((answer) => answer.headers.get("x-request-id")!);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(labels.length);

    for (const [index, id] of ids.entries()) {
      const lines = await linesOf(id);
      expect(lines.map((line) => [line.msg, line.label ?? null])).toEqual([
        ["started", labels[index]],
        ["finished", labels[index]],
        ["request finished", null],
      ]);
      // The closing line says what was asked and how it went, without the query (it may hold a token).
      expect(lines[2]).toMatchObject({ component: "http", method: "GET", path: "/slow", status: 200, level: "info" });
    }
    // Every line of the stub belongs to one of those requests.
    const stubLines = capture.lines().filter((line) => line.component === "stub");
    expect(stubLines).toHaveLength(labels.length * 2);
    expect(stubLines.every((line) => ids.includes(line.requestId as string))).toBe(true);
    expect(capture.text()).not.toContain("secret-in-the-link");
  });

  it("makes a new id when no proxy is trusted, whatever the client sent", async () => {
    const server = await pipeline(0);
    const answer = await server.send("GET", "/slow?label=direct", { headers: { "x-request-id": "client-chosen-id" } });
    const id = answer.headers.get("x-request-id")!;
    expect(id).toMatch(UUID);
    expect(await linesOf(id)).toHaveLength(3);
    expect(capture.text()).not.toContain("client-chosen-id");
  });

  it("keeps the id a trusted proxy sent, and replaces one that is not a short plain token", async () => {
    const server = await pipeline(1);
    const kept = await server.send("GET", "/slow?label=proxied", { headers: { "x-request-id": "lb-7f3a.91:2" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a.91:2");
    expect((await linesOf("lb-7f3a.91:2")).map((line) => line.label ?? line.msg)).toEqual(["proxied", "proxied", "request finished"]);

    for (const unsafe of ["has spaces in it", "x".repeat(129), 'quote"and{brace}']) {
      const replaced = await server.send("GET", "/slow?label=unsafe", { headers: { "x-request-id": unsafe } });
      expect(replaced.headers.get("x-request-id")).toMatch(UUID);
    }
  });
});
