// Webhook receivers for the integration tests: real HTTP servers on loopback that answer each POST
// with a chosen status, or hold the connection open as a stuck receiver does, and count how many
// requests each path has open at once.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { POST as createEndpoint } from "@/app/api/webhook-endpoints/route";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { apiRequest } from "./helpers";
import { setSettings } from "../setup/settings";

export interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

export interface ReceiverOptions {
  /** Statuses for the first POSTs, in order (then 200). */
  answers?: number[];
  /** Never answer: hold every connection open until the receiver closes. */
  hold?: boolean;
}

export async function receiver(options: ReceiverOptions = {}) {
  const answers = [...(options.answers ?? [])];
  const received: Received[] = [];
  const open = new Map<string, number>();
  let mostOpenOnOnePath = 0;
  const held = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? "/";
    open.set(path, (open.get(path) ?? 0) + 1);
    mostOpenOnOnePath = Math.max(mostOpenOnOnePath, open.get(path)!);
    response.on("close", () => open.set(path, open.get(path)! - 1));
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push({ path, headers: request.headers, body, at: Date.now() });
      if (options.hold) held.add(response);
      else response.writeHead(answers.shift() ?? 200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/hooks`,
    base,
    received,
    /** Requests open right now, on every path. */
    openNow: () => [...open.values()].reduce((sum, count) => sum + count, 0),
    /** The most requests one path ever had open at the same time. */
    mostOpenOnOnePath: () => mostOpenOnOnePath,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function until<T>(read: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export const params = <T>(value: T) => ({ params: Promise.resolve(value) });

export async function createWebhook(cookie: string, body: unknown) {
  const response = await createEndpoint(apiRequest("POST", "/api/webhook-endpoints", { cookie, body }));
  return { status: response.status, json: await response.json() };
}

/** A generation of the account's, queued as the image calls queue one. */
export function queuedGeneration(userId: string, prompt: string, seed: number) {
  return enqueueOperation({ userId, kind: "generate", charge: "generate", providerId: "local", prompt, params: {}, seed });
}

/** Lets the test file's endpoints point at the loopback receivers, and retries come a second apart. */
export function withLoopbackReceivers() {
  beforeEach(() => {
    setSettings({ WEBHOOK_ALLOW_PRIVATE: "true", WEBHOOK_RETRY_DELAY_SECONDS: "1" });
  });
  afterAll(() => {
    setSettings({ WEBHOOK_ALLOW_PRIVATE: undefined, WEBHOOK_RETRY_DELAY_SECONDS: undefined });
  });
}
