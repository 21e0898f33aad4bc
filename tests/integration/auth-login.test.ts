import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { apiRequest, sessionCookieFrom, uniqueEmail, uniqueIp } from "./helpers";

async function createAccount(password = "correct-horse") {
  const email = uniqueEmail("login");
  const response = await register(apiRequest("POST", "/api/auth/register", { body: { email, password, firstName: "Grace", lastName: "Hopper" } }));
  expect(response.status).toBe(201);
  return { email, password };
}

const attempt = (body: unknown, ip: string, origin?: string) => login(apiRequest("POST", "/api/auth/login", { body, ip, origin }));

describe("POST /api/auth/login", () => {
  it("signs in with the right password and returns the user without its password hash", async () => {
    const { email, password } = await createAccount();
    const response = await attempt({ email: email.toUpperCase(), password }, uniqueIp());
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ email, firstName: "Grace", tier: "trial", credits: 60 });
    expect(Object.keys(user)).not.toContain("passwordHash");
    const me = await currentUser(apiRequest("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) }));
    expect((await me.json()).email).toBe(email);
  });

  it("gives the same 401 message for a wrong password and an unknown e-mail", async () => {
    const { email } = await createAccount();
    const wrong = await attempt({ email, password: "wrong-password" }, uniqueIp());
    const unknown = await attempt({ email: uniqueEmail("nobody"), password: "whatever" }, uniqueIp());
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const expected = { error: "invalid_credentials", message: "Invalid email or password." };
    expect(await wrong.json()).toEqual(expected);
    expect(await unknown.json()).toEqual(expected);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it.each([
    ["no e-mail", { password: "x" }, "Email is required."],
    ["no password", { email: "a@example.com" }, "Password is required."],
    ["an empty password", { email: "a@example.com", password: "" }, "Password is required."],
    ["an invalid e-mail", { email: "a@", password: "x" }, "Please enter a valid email address."],
  ])("answers 400 for %s", async (_label, body, message) => {
    const response = await attempt(body, uniqueIp());
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_request", message });
  });

  it("answers 400 for a body that is not JSON", async () => {
    const response = await login(apiRequest("POST", "/api/auth/login", { rawBody: "email=a", headers: { "content-type": "application/json" } }));
    expect(response.status).toBe(400);
  });

  it("answers 429 after repeated failures from one IP for one e-mail, even with the right password", async () => {
    const { email, password } = await createAccount();
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await attempt({ email, password: `wrong-${i}` }, ip)).status).toBe(401);
    const blocked = await attempt({ email, password }, ip);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).error).toBe("rate_limited");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Someone else on another network can still sign in to the same account.
    expect((await attempt({ email, password }, uniqueIp())).status).toBe(200);
  });

  it("limits one IP trying many e-mails", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 50; i++) await attempt({ email: uniqueEmail("spray"), password: "guess" }, ip);
    const { email, password } = await createAccount();
    expect((await attempt({ email, password }, ip)).status).toBe(429);
  });

  it("refuses a cross-site sign-in with 403", async () => {
    const { email, password } = await createAccount();
    const response = await attempt({ email, password }, uniqueIp(), "https://evil.example");
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("POST /api/auth/logout and GET /api/auth/user", () => {
  it("returns null for a visitor and for a forged cookie", async () => {
    expect(await (await currentUser(apiRequest("GET", "/api/auth/user"))).json()).toBeNull();
    const forged = await currentUser(apiRequest("GET", "/api/auth/user", { cookie: "pictura.session-token=eyJhbGciOiJub25lIn0.e30." }));
    expect(forged.status).toBe(200);
    expect(await forged.json()).toBeNull();
  });

  it("clears the session cookie", async () => {
    const response = await logout(apiRequest("POST", "/api/auth/logout"));
    expect(response.status).toBe(200);
    const cleared = response.headers.getSetCookie().find((line) => line.includes("session-token="));
    expect(cleared).toMatch(/session-token=;/);
    expect(cleared).toMatch(/Max-Age=0/i);
  });

  it("refuses a cross-site logout with 403", async () => {
    const response = await logout(apiRequest("POST", "/api/auth/logout", { origin: "https://evil.example" }));
    expect(response.status).toBe(403);
    const fetchSite = await logout(apiRequest("POST", "/api/auth/logout", { origin: null, headers: { "sec-fetch-site": "cross-site" } }));
    expect(fetchSite.status).toBe(403);
  });
});
