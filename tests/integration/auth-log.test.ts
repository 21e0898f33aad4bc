// What Auth.js's handler reports reaches the server's log as one JSON line under the request's id, and
// nothing of it reaches the console. A request that brought it on itself (an address with no action, an
// unknown provider, a forged or foreign session cookie) is a warning, without a stack and without an
// error report; the database failing under a session check is an error, reported with its cause. Through
// the server's request pipeline, with a fake of Sentry's envelope endpoint on 127.0.0.1.
import { EncryptJWT } from "jose";
import { hkdf } from "@panva/hkdf";
import { NextRequest } from "next/server";
import { GET } from "@/app/api/auth/[...nextauth]/route";
import { sessionCookieName } from "@/lib/auth/session";
import { sqlPool } from "@/lib/db";
import { FakeSentry } from "../fakes/sentry-server";
import { setSettings } from "../setup/settings";
import { signedInUser } from "./helpers";
import { captureLogs, startPipeline, type LogCapture, type Pipeline } from "./log-pipeline";

const sentry = new FakeSentry();
let server: Pipeline;
let capture: LogCapture;
let consoleOutput: jest.SpyInstance[];

/** Auth.js's handler, given the request as Next gives it. */
const authGet = (request: Request) => GET(new NextRequest(request));

beforeAll(async () => {
  await sentry.start();
  server = await startPipeline({
    "GET /api/auth/session": authGet,
    [`GET /api/auth/session/${"x".repeat(5_000)}`]: authGet,
    "GET /api/auth/signin/nope": authGet,
  });
});

afterAll(async () => {
  await server.close();
  await sentry.stop();
});

beforeEach(() => {
  setSettings({ SENTRY_DSN: sentry.dsn });
  capture = captureLogs();
  consoleOutput = (["error", "warn", "log", "info"] as const).map((method) => jest.spyOn(console, method));
});

afterEach(() => {
  capture.stop();
  for (const spy of consoleOutput) spy.mockRestore();
});

/** The log lines of Auth.js for the request with this id. */
const authLines = (requestId: string) => capture.lines().filter((line) => line.component === "auth" && line.requestId === requestId);

/** An Auth.js session token of `payload`, sealed as Auth.js seals one, with `secret`. */
async function sealedToken(payload: Record<string, unknown>, secret: string): Promise<string> {
  const salt = sessionCookieName();
  const key = await hkdf("sha256", secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64);
  return new EncryptJWT(payload).setProtectedHeader({ alg: "dir", enc: "A256CBC-HS512" }).setIssuedAt().setExpirationTime("1h").encrypt(key);
}

async function expectWarnedOnly(requestId: string, authError: string) {
  const lines = authLines(requestId);
  expect(lines).toEqual([expect.objectContaining({ level: "warn", authError })]);
  expect(lines[0]).not.toHaveProperty("err");
  for (const spy of consoleOutput) expect(spy).not.toHaveBeenCalled();
  // Nothing went to Sentry for it (a report of the failure below would arrive within this time).
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(sentry.envelopes.filter((envelope) => envelope.raw.includes(requestId))).toEqual([]);
}

describe("Auth.js's reports", () => {
  it("are a warning, not an error, for an address Auth.js has no action for, quoting no more than the start of it", async () => {
    const answer = await server.send("GET", `/api/auth/session/${"x".repeat(5_000)}`);
    expect(answer.status).toBe(400);
    const requestId = answer.headers.get("x-request-id")!;
    await expectWarnedOnly(requestId, "UnknownAction");
    const message = authLines(requestId)[0]!.msg as string;
    expect(message).toMatch(/^Cannot parse action at \/api\/auth\/session\/xxx/);
    expect(message.length).toBeLessThanOrEqual(300);
  });

  it("are a warning for a provider this server does not have", async () => {
    const answer = await fetch(`${server.origin}/api/auth/signin/nope`, { redirect: "manual" });
    // Back to the sign-in page, which says that signing in did not work.
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get("location")!).pathname).toBe("/auth");
    await expectWarnedOnly(answer.headers.get("x-request-id")!, "UnknownProvider");
    expect(authLines(answer.headers.get("x-request-id")!)[0]!.msg).toMatch(/^Provider with id "nope" not found\./);
  });

  it.each([
    ["a broken session cookie", async () => "x.y.z"],
    [
      "a session cookie sealed with another secret",
      () => sealedToken({ sub: "someone", sid: "some-session" }, "another-secret-with-at-least-thirty-two-characters"),
    ],
  ])("are a warning for %s, which is cleared", async (_name, token) => {
    const answer = await server.send("GET", "/api/auth/session", { headers: { cookie: `${sessionCookieName()}=${await token()}` } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toBeNull();
    expect(answer.headers.getSetCookie().join("\n")).toContain(`${sessionCookieName()}=;`);
    await expectWarnedOnly(answer.headers.get("x-request-id")!, "JWTSessionError");
  });

  it("are an error, reported with its cause, when the database fails under a session check", async () => {
    const { cookie } = await signedInUser();
    const query = jest.spyOn(sqlPool()!, "query").mockRejectedValueOnce(new Error("connect ECONNREFUSED 127.0.0.1:5432") as never);
    try {
      const answer = await server.send("GET", "/api/auth/session", { headers: { cookie } });
      const requestId = answer.headers.get("x-request-id")!;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toBeNull();

      expect(authLines(requestId)).toEqual([
        expect.objectContaining({
          level: "error",
          authError: "JWTSessionError",
          err: expect.objectContaining({ message: "connect ECONNREFUSED 127.0.0.1:5432" }),
        }),
      ]);
      const event = await sentry.waitForEvent((received) => (received.tags as Record<string, string> | undefined)?.request_id === requestId);
      expect(event).toMatchObject({
        level: "error",
        tags: { where: "auth JWTSessionError" },
        exception: { values: [{ type: "Error", value: "connect ECONNREFUSED 127.0.0.1:5432" }] },
      });
      for (const spy of consoleOutput) expect(spy).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });
});
