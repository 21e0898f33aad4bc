// The console's calls exist only for an admin whose session passed a second factor: guests, users and
// API keys (an admin's own included) get the 404 of a path that does not exist, an admin without the
// second factor is told to turn it on, and cross-site writes are refused. Through the gate, the account
// search, a credit adjustment (once per Idempotency-Key) and a refund work, and bad input is a 4xx.
import { randomUUID } from "node:crypto";
import { POST as refund } from "@/app/api/admin/operations/[id]/refund/route";
import { POST as adjust } from "@/app/api/admin/users/[id]/credits/route";
import { DELETE as unsuspend, POST as suspend } from "@/app/api/admin/users/[id]/suspension/route";
import { GET as search } from "@/app/api/admin/users/route";
import { GET as balance } from "@/app/api/credits/balance/route";
import { db } from "@/lib/db";
import { enqueueOperation } from "@/lib/jobs/enqueue";
import { apiKeyFor, keyRequest } from "./api-keys-helpers";
import { adminSession } from "./admin-helpers";
import { apiRequest, signedInUser } from "./helpers";
import { balanceOf, ledgerMatchesBalance } from "./imaging-helpers";

const params = (id: string) => ({ params: Promise.resolve({ id }) });
const REASON = "Goodwill after a support ticket";

const searchAs = (cookie: string | undefined, q: string) => search(apiRequest("GET", `/api/admin/users?q=${encodeURIComponent(q)}`, { cookie }));

describe("the console's gate", () => {
  it("answers 404 to a guest, a user and any API key, as for a path that does not exist", async () => {
    const { cookie: userCookie } = await signedInUser();
    const { cookie: adminCookie } = await adminSession();
    const key = (await apiKeyFor(adminCookie)).key;
    for (const response of [
      await searchAs(undefined, "someone"),
      await searchAs(userCookie, "someone"),
      await search(keyRequest("GET", "/api/admin/users?q=someone", key)),
      await search(apiRequest("GET", "/api/admin/users?q=someone", { cookie: adminCookie, headers: { authorization: `Bearer ${key}` } })),
      // A write from another site, too, finds nothing there rather than a refusal that gives the call away.
      await adjust(
        apiRequest("POST", `/api/admin/users/x/credits`, { cookie: userCookie, origin: "https://evil.example", body: { delta: 5, reason: REASON } }),
        params("x"),
      ),
      await adjust(apiRequest("POST", `/api/admin/users/x/credits`, { origin: "https://evil.example", body: { delta: 5, reason: REASON } }), params("x")),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "not_found", message: "Not found." });
    }
  });

  it("tells an admin whose sign-in passed no second factor to turn it on", async () => {
    const { cookie } = await adminSession({ secondFactor: false });
    const response = await searchAs(cookie, "someone");
    expect(response.status).toBe(403);
    expect((await response.json()).error).toBe("second_factor_required");
  });

  it("refuses a cross-site write even from an admin", async () => {
    const { cookie } = await adminSession();
    const { user } = await signedInUser();
    const response = await adjust(
      apiRequest("POST", `/api/admin/users/${user.id}/credits`, {
        cookie,
        origin: "https://evil.example",
        body: { delta: 5, reason: REASON },
        headers: { "idempotency-key": randomUUID() },
      }),
      params(user.id),
    );
    expect(response.status).toBe(403);
    expect(await balanceOf(user.id)).toBe(60);
  });
});

describe("the console's calls", () => {
  it("finds accounts by the start of the e-mail address, the id and the Stripe customer id", async () => {
    const { cookie } = await adminSession();
    const { user } = await signedInUser();
    await db.user.update({ where: { id: user.id }, data: { stripeCustomerId: `cus_${user.id}` } });
    for (const q of [user.email.slice(0, 12).toUpperCase(), user.id, `cus_${user.id}`]) {
      const found = (await (await searchAs(cookie, q)).json()).users as Array<{ id: string; email: string; credits: number; suspended: boolean }>;
      expect(found.find((row) => row.id === user.id)).toMatchObject({ email: user.email, credits: 60, suspended: false });
    }
    expect((await searchAs(cookie, "x")).status).toBe(400);
  });

  it("adjusts credits once per Idempotency-Key, and answers bad input with a clear 4xx", async () => {
    const { cookie } = await adminSession();
    const { user } = await signedInUser();
    const key = randomUUID();
    const send = (body: unknown, idempotencyKey: string | null = key) =>
      adjust(
        apiRequest("POST", `/api/admin/users/${user.id}/credits`, {
          cookie,
          body,
          headers: idempotencyKey === null ? {} : { "idempotency-key": idempotencyKey },
        }),
        params(user.id),
      );
    const [first, second] = await Promise.all([send({ delta: 25, reason: REASON }), send({ delta: 25, reason: REASON })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await balanceOf(user.id)).toBe(85);
    expect(await ledgerMatchesBalance(user.id)).toBe(true);
    expect((await send({ delta: 25, reason: REASON }, null)).status).toBe(400);
    expect((await send({ delta: 25, reason: REASON }, "k".repeat(256))).status).toBe(400);
    expect((await send({ delta: 25, reason: "short" }, randomUUID())).status).toBe(400);
    expect((await send({ delta: 0, reason: REASON }, randomUUID())).status).toBe(400);
    expect((await send({ delta: "25", reason: REASON }, randomUUID())).status).toBe(400);
    expect((await send({ delta: -1000, reason: REASON }, randomUUID())).status).toBe(409);
    const unknown = await adjust(
      apiRequest("POST", "/api/admin/users/nobody/credits", { cookie, body: { delta: 5, reason: REASON }, headers: { "idempotency-key": randomUUID() } }),
      params("nobody"),
    );
    expect([unknown.status, (await unknown.json()).error]).toEqual([404, "user_not_found"]);
    expect(await db.auditLog.count({ where: { targetId: user.id, action: "credits.adjust" } })).toBe(1);
  });

  it("refunds an operation and says so when it was refunded already", async () => {
    const { cookie } = await adminSession();
    const { user } = await signedInUser();
    const operation = await enqueueOperation({ userId: user.id, kind: "generate", charge: "generate", providerId: "local", prompt: "a fox", params: {} });
    const send = () => refund(apiRequest("POST", `/api/admin/operations/${operation.id}/refund`, { cookie, body: { reason: REASON } }), params(operation.id));
    expect(await (await send()).json()).toMatchObject({ refunded: true, balance: 60 });
    expect(await (await send()).json()).toMatchObject({ refunded: false, message: "This operation's credits were refunded already; nothing changed." });
  });
});

describe("suspension through the console", () => {
  it("suspends and lifts with a reason, refuses self-suspension, and a suspended user's session stops working", async () => {
    const { user: admin, cookie } = await adminSession();
    const { user, cookie: userCookie } = await signedInUser();
    const send = (method: "POST" | "DELETE", id: string, body: unknown) =>
      (method === "POST" ? suspend : unsuspend)(apiRequest(method, `/api/admin/users/${id}/suspension`, { cookie, body }), params(id));
    expect((await send("POST", user.id, { category: "nonsense", reason: REASON })).status).toBe(400);
    expect((await send("POST", user.id, { category: "spam", reason: "short" })).status).toBe(400);
    const suspended = await send("POST", user.id, { category: "spam", reason: REASON });
    expect(await suspended.json()).toMatchObject({ suspended: true, changed: true });
    expect((await searchAs(userCookie, "anything")).status).toBe(404);
    expect((await balance(apiRequest("GET", "/api/credits/balance", { cookie: userCookie }))).status).toBe(401);
    expect(await (await send("POST", user.id, { category: "spam", reason: REASON })).json()).toMatchObject({ changed: false });
    expect((await send("POST", admin.id, { category: "other", reason: REASON })).status).toBe(409);
    expect(await (await send("DELETE", user.id, { reason: "Appeal accepted, ticket 4712" })).json()).toMatchObject({ suspended: false, changed: true });
    const actions = await db.auditLog.findMany({ where: { targetId: user.id }, orderBy: { id: "asc" }, select: { action: true, actorId: true } });
    expect(actions).toEqual([
      { action: "user.suspend", actorId: admin.id },
      { action: "user.unsuspend", actorId: admin.id },
    ]);
  });
});
