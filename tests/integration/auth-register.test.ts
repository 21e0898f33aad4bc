import { POST as register } from "@/app/api/auth/register/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { db } from "@/lib/db";
import { apiRequest, sessionCookieFrom, uniqueEmail } from "./helpers";

const valid = () => ({ email: uniqueEmail("new"), password: "secret1", firstName: "Ada", lastName: "Lovelace" });

describe("POST /api/auth/register", () => {
  it("creates a trial user with 60 credits, written as the first ledger row, and signs them in", async () => {
    const input = valid();
    const response = await register(apiRequest("POST", "/api/auth/register", { body: input }));
    expect(response.status).toBe(201);
    const user = await response.json();
    expect(user).toMatchObject({ email: input.email, firstName: "Ada", lastName: "Lovelace", tier: "trial", credits: 60 });
    expect(JSON.stringify(user)).not.toMatch(/password/i);

    const ledger = await db.creditTransaction.findMany({ where: { userId: user.id } });
    expect(ledger).toEqual([expect.objectContaining({ kind: "grant", delta: 60, balanceAfter: 60 })]);
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);

    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    const me = await currentUser(apiRequest("GET", "/api/auth/user", { cookie: sessionCookieFrom(response) }));
    expect(await me.json()).toMatchObject({ id: user.id, credits: 60 });
  });

  it("stores the e-mail in lower case and refuses the same address again with 409", async () => {
    const input = valid();
    const first = await register(apiRequest("POST", "/api/auth/register", { body: { ...input, email: input.email.toUpperCase() } }));
    expect(first.status).toBe(201);
    expect((await first.json()).email).toBe(input.email);

    const again = await register(apiRequest("POST", "/api/auth/register", { body: input }));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "email_taken", message: "An account with this email already exists." });
    expect(await db.user.count({ where: { email: input.email } })).toBe(1);
  });

  it.each([
    ["a missing e-mail", { email: undefined }, "Email is required."],
    ["an invalid e-mail", { email: "not-an-email" }, "Please enter a valid email address."],
    ["a missing password", { password: undefined }, "Password is required."],
    ["a password under 6 characters", { password: "12345" }, "Password must be at least 6 characters."],
    ["a missing first name", { firstName: undefined }, "First name is required."],
    ["a blank last name", { lastName: "   " }, "Last name is required."],
    ["a number for the e-mail", { email: 42 }, "Email is required."],
  ])("answers 400 with a readable message for %s and creates nothing", async (_label, change, message) => {
    const input = { ...valid(), ...change };
    const response = await register(apiRequest("POST", "/api/auth/register", { body: input }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_request", message });
    if (typeof input.email === "string") expect(await db.user.count({ where: { email: input.email } })).toBe(0);
  });

  it("answers 400 for a body that is not JSON", async () => {
    const response = await register(apiRequest("POST", "/api/auth/register", { rawBody: "{email:", headers: { "content-type": "application/json" } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "invalid_json", message: "The request body must be valid JSON." });
  });

  it("refuses a cross-site request with 403 and creates nothing", async () => {
    const input = valid();
    const response = await register(apiRequest("POST", "/api/auth/register", { body: input, origin: "https://evil.example" }));
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("cross_site_request");
    expect(await db.user.count({ where: { email: input.email } })).toBe(0);
  });
});
