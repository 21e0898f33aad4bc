// Replays the ways a stranger guessed passwords and made free accounts without limit.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { GET as authGet, POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { withTrustedForwarding } from "@/lib/http/forwarding";
import { apiRequest, ORIGIN, uniqueEmail, uniqueIp } from "./helpers";

async function createAccount(password = "correct-horse") {
  const email = uniqueEmail("guess");
  const response = await register(apiRequest("POST", "/api/auth/register", { body: { email, password, firstName: "Grace", lastName: "Hopper" } }));
  expect(response.status).toBe(201);
  return { email, password };
}

const attempt = (body: unknown, ip: string) => login(apiRequest("POST", "/api/auth/login", { body, ip }));

/** An HTTP server that hands requests to the login route the way server.ts hands them to Next. */
async function loginServer(trustedHops: number): Promise<{ server: Server; url: string }> {
  const toRoute = async (incoming: IncomingMessage, response: import("node:http").ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
    const answer = await login(new Request(`${ORIGIN}${incoming.url}`, { method: incoming.method, headers, body: Buffer.concat(chunks) }));
    response.writeHead(answer.status, { "content-type": "application/json" });
    response.end(await answer.text());
  };
  const server = createServer(withTrustedForwarding(toRoute, trustedHops));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth/login` };
}

function post(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { host: "localhost:3000", "content-type": "application/json", ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

describe("the client address comes from the socket, not from a header", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it("answers 429 after 5 failed sign-ins from one address even when X-Forwarded-For changes every time", async () => {
    const { email, password } = await createAccount();
    const started = await loginServer(0);
    server = started.server;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(await post(started.url, { email, password: `wrong-${i}` }, { origin: ORIGIN, "x-forwarded-for": uniqueIp(), "x-real-ip": uniqueIp() }));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await post(started.url, { email, password }, { origin: ORIGIN, "x-forwarded-for": uniqueIp() })).toBe(429);
  });

  it("believes only as many X-Forwarded-For entries as there are trusted proxies", async () => {
    const { email } = await createAccount();
    const started = await loginServer(1);
    server = started.server;
    const statuses: number[] = [];
    // The proxy appends the address it saw; whatever the client wrote before it is ignored.
    for (let i = 0; i < 6; i++)
      statuses.push(await post(started.url, { email, password: "wrong" }, { origin: ORIGIN, "x-forwarded-for": `${uniqueIp()}, 203.0.113.7` }));
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("sign-in limits hold under a parallel burst", () => {
  it("lets only 5 of 20 simultaneous wrong passwords be checked", async () => {
    const { email } = await createAccount();
    const ip = uniqueIp();
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt({ email, password: `burst-${i}` }, ip).then((r) => r.status)));
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it("still signs in a person with the right password on the first try", async () => {
    const { email, password } = await createAccount();
    expect((await attempt({ email, password }, uniqueIp())).status).toBe(200);
  });
});

describe("Auth.js's credentials callback", () => {
  it("does not sign anyone in with a password, so /api/auth/login's limits cannot be bypassed", async () => {
    const { email, password } = await createAccount();
    const csrf = await authGet(apiRequest("GET", "/api/auth/csrf") as never);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const csrfCookie = csrf.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const form = new URLSearchParams({ email, password, csrfToken, callbackUrl: ORIGIN });
    const response = await authPost(
      new Request(`${ORIGIN}/api/auth/callback/credentials`, {
        method: "POST",
        headers: { host: "localhost:3000", origin: ORIGIN, cookie: csrfCookie, "content-type": "application/x-www-form-urlencoded" },
        body: form.toString(),
      }) as never,
    );
    expect(response.status).toBeLessThan(500);
    expect(response.headers.getSetCookie().some((line) => /session-token=[^;]+/.test(line))).toBe(false);
  });
});

describe("sign-up limit per address", () => {
  it("refuses more sign-ups from one address than SIGNUP_RATE_LIMIT per hour, with a readable 429", async () => {
    const ip = uniqueIp();
    const signUp = () =>
      register(
        apiRequest("POST", "/api/auth/register", { ip, body: { email: uniqueEmail("bulk"), password: "correct-horse", firstName: "A", lastName: "B" } }),
      );
    for (let i = 0; i < 10; i++) expect((await signUp()).status).toBe(201);
    const refused = await signUp();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: "signup_rate_limited",
      message: expect.stringMatching(/^Too many accounts were created from your network\./),
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Someone on another network is not affected.
    const elsewhere = await register(
      apiRequest("POST", "/api/auth/register", {
        ip: uniqueIp(),
        body: { email: uniqueEmail("other"), password: "correct-horse", firstName: "A", lastName: "B" },
      }),
    );
    expect(elsewhere.status).toBe(201);
  });
});

describe("IPv6 callers", () => {
  it("counts sign-in failures by /64 network, so rotating within one's own prefix does not help", async () => {
    const { email } = await createAccount();
    const randomGroup = () => Math.floor(Math.random() * 0xffff).toString(16);
    const prefix = `2001:db8:${randomGroup()}:${randomGroup()}`;
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await attempt({ email, password: "wrong" }, `${prefix}::${i.toString(16)}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another network is not affected.
    expect((await attempt({ email, password: "wrong" }, `2001:db8:${randomGroup()}:${randomGroup()}::1`)).status).toBe(401);
  });
});
