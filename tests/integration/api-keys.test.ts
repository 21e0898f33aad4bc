import { GET as listKeys, POST as createKey } from "@/app/api/keys/route";
import { DELETE as revokeKey } from "@/app/api/keys/[id]/route";
import { GET as balance } from "@/app/api/credits/balance/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as cancelOperation } from "@/app/api/operations/[id]/cancel/route";
import { GET as operationEvents } from "@/app/api/operations/[id]/events/route";
import { GET as getOperation } from "@/app/api/operations/[id]/route";
import { GET as sessions } from "@/app/api/auth/sessions/route";
import { db } from "@/lib/db";
import { apiRequest, signedInUser } from "./helpers";
import { apiKeyFor, creditHeaders, keyRequest } from "./api-keys-helpers";
import { balanceOf, ledgerKinds } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";

jest.setTimeout(120_000);

withImageWorker();

const params = <T>(value: T) => ({ params: Promise.resolve(value) });

describe("managing API keys from a signed-in browser", () => {
  it("creates a key shown once as pk_ plus 32 random bytes, stores only its hash, lists and revokes it", async () => {
    const { user, cookie } = await signedInUser();
    const created = await createKey(apiRequest("POST", "/api/keys", { cookie, body: { name: "  Shop sync  " } }));
    expect(created.status).toBe(201);
    const key = await created.json();
    expect(Object.keys(key).sort()).toEqual(["id", "key", "name", "prefix"]);
    expect(key.name).toBe("Shop sync");
    expect(key.key).toMatch(/^pk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.key.slice(3), "base64url")).toHaveLength(32);
    expect(key.prefix).toBe(key.key.slice(0, 11));

    const row = await db.apiKey.findUniqueOrThrow({ where: { id: key.id } });
    expect(row.userId).toBe(user.id);
    expect(JSON.stringify(row)).not.toContain(key.key.slice(11));
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await (await listKeys(apiRequest("GET", "/api/keys", { cookie }))).json();
    expect(listed.keys).toEqual([{ id: key.id, name: "Shop sync", prefix: key.prefix, createdAt: expect.any(String), lastUsedAt: null }]);
    expect(JSON.stringify(listed)).not.toContain(key.key);

    const revoked = await revokeKey(apiRequest("DELETE", `/api/keys/${key.id}`, { cookie }), params({ id: key.id }));
    expect(revoked.status).toBe(200);
    expect((await (await listKeys(apiRequest("GET", "/api/keys", { cookie }))).json()).keys).toEqual([]);
    const again = await revokeKey(apiRequest("DELETE", `/api/keys/${key.id}`, { cookie }), params({ id: key.id }));
    expect(again.status).toBe(404);
  });

  it("keeps at most 10 keys per account, even when created in parallel", async () => {
    const { user, cookie } = await signedInUser();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => createKey(apiRequest("POST", "/api/keys", { cookie, body: { name: `Key ${index}` } }))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(refused).toHaveLength(2);
    expect((await refused[0]!.json()).error).toBe("api_key_limit");
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(10);
  });

  it("answers 429 with Retry-After past 20 key creations and revocations an hour", async () => {
    const { user, cookie } = await signedInUser();
    const created: string[] = [];
    for (let index = 0; index < 10; index += 1) created.push((await apiKeyFor(cookie, `Key ${index}`)).id);
    for (const id of created) expect((await revokeKey(apiRequest("DELETE", `/api/keys/${id}`, { cookie }), params({ id }))).status).toBe(200);
    const refused = await createKey(apiRequest("POST", "/api/keys", { cookie, body: { name: "One too many" } }));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe("api_key_changes_rate_limited");
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await db.apiKey.count({ where: { userId: user.id } })).toBe(0);
    const last = await apiKeyFor((await signedInUser()).cookie);
    expect(last.key).toMatch(/^pk_/);
  });

  it("refuses a missing or overlong name, a guest, another account's key and a key managing keys", async () => {
    const { cookie } = await signedInUser();
    for (const body of [{}, { name: "   " }, { name: "x".repeat(61) }, { name: 42 }]) {
      const response = await createKey(apiRequest("POST", "/api/keys", { cookie, body }));
      expect(response.status).toBe(400);
      expect((await response.json()).error).toBe("invalid_request");
    }
    expect((await createKey(apiRequest("POST", "/api/keys", { body: { name: "Guest" } }))).status).toBe(401);

    const { key, id } = await apiKeyFor(cookie);
    const stranger = await signedInUser();
    expect((await revokeKey(apiRequest("DELETE", `/api/keys/${id}`, { cookie: stranger.cookie }), params({ id }))).status).toBe(404);

    // Only a signed-in session manages keys (or the account): a key is refused there, with or without a cookie.
    for (const request of [
      keyRequest("GET", "/api/keys", key),
      keyRequest("POST", "/api/keys", key, { body: { name: "From a key" } }),
      keyRequest("POST", "/api/keys", null, { body: { name: "From a key" }, headers: { "x-api-key": key }, cookie }),
    ]) {
      const response = await (request.method === "GET" ? listKeys(request) : createKey(request));
      expect(response.status).toBe(403);
      expect((await response.json()).error).toBe("api_key_not_accepted");
    }
    expect((await revokeKey(keyRequest("DELETE", `/api/keys/${id}`, key), params({ id }))).status).toBe(403);
    expect((await sessions(keyRequest("GET", "/api/auth/sessions", key))).status).toBe(403);
    expect(await db.apiKey.count({ where: { id } })).toBe(1);
  });
});

describe("calling with an API key", () => {
  it("generates with no cookie and no Origin, charged to the key's owner, with both credit headers", async () => {
    const { user, cookie } = await signedInUser();
    const { key, id } = await apiKeyFor(cookie);
    const response = await generate(keyRequest("POST", "/api/flux/generate", key, { body: { prompt: "a lighthouse on a cliff", aspectRatio: "square" } }));
    expect(response.status).toBe(200);
    expect(creditHeaders(response)).toEqual({ charged: "2", remaining: "58" });
    const body = await response.json();
    expect(body.result.sample).toMatch(/^\/api\/files\//);
    expect(await balanceOf(user.id)).toBe(58);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2"]);
    expect((await db.operation.findUniqueOrThrow({ where: { id: body.operationId } })).userId).toBe(user.id);
    expect((await db.apiKey.findUniqueOrThrow({ where: { id } })).lastUsedAt).not.toBeNull();

    // The operation calls take the key too, for the owner's operations only.
    const operation = await getOperation(keyRequest("GET", `/api/operations/${body.operationId}`, key), params({ id: body.operationId }));
    expect(operation.status).toBe(200);
    expect((await operation.json()).status).toBe("succeeded");
    expect(creditHeaders(operation)).toEqual({ charged: "0", remaining: "58" });
    const stranger = await apiKeyFor((await signedInUser()).cookie);
    const hidden = await getOperation(keyRequest("GET", `/api/operations/${body.operationId}`, stranger.key), params({ id: body.operationId }));
    expect(hidden.status).toBe(404);
  });

  it("follows an operation's events and cancels it with the key", async () => {
    const { cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    const accepted = await generate(
      keyRequest("POST", "/api/flux/generate", key, { body: { prompt: "a windmill at dusk", aspectRatio: "square" }, headers: { prefer: "respond-async" } }),
    );
    expect(accepted.status).toBe(202);
    expect(creditHeaders(accepted)).toEqual({ charged: "2", remaining: "58" });
    const { operationId } = await accepted.json();
    const events = await operationEvents(keyRequest("GET", `/api/operations/${operationId}/events`, key), params({ id: operationId }));
    expect(events.status).toBe(200);
    expect(events.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(events.headers.get("x-credits-remaining")).toBe("58");
    // The stream ends when the operation does.
    expect(await events.text()).toContain('"status":"succeeded"');
    const canceled = await cancelOperation(keyRequest("POST", `/api/operations/${operationId}/cancel`, key), params({ id: operationId }));
    expect(canceled.status).toBe(200);
    expect((await canceled.json()).status).toBe("succeeded");
  });

  it("takes X-Api-Key as well, ignores cookies when a key is present, and needs no Origin of ours", async () => {
    const owner = await signedInUser({ credits: 17 });
    const other = await signedInUser({ credits: 5 });
    const { key } = await apiKeyFor(owner.cookie);
    const viaHeader = await balance(keyRequest("GET", "/api/credits/balance", null, { headers: { "x-api-key": key } }));
    expect(await viaHeader.json()).toEqual({ credits: 17 });
    expect(creditHeaders(viaHeader)).toEqual({ charged: "0", remaining: "17" });
    // Another account's session cookie beside the key changes nothing: the key decides.
    const withCookie = await balance(keyRequest("GET", "/api/credits/balance", key, { cookie: other.cookie }));
    expect(await withCookie.json()).toEqual({ credits: 17 });
    // A key is no ambient credential, so a call from another site's page is not a forgery.
    const foreign = await generate(
      keyRequest("POST", "/api/flux/generate", key, { origin: "https://elsewhere.example", body: { prompt: "a paper boat", aspectRatio: "square" } }),
    );
    expect(foreign.status).toBe(200);
    expect(creditHeaders(foreign)).toEqual({ charged: "2", remaining: "15" });
    expect(await balanceOf(other.user.id)).toBe(5);
  });

  it("answers 401 invalid_api_key at once after the key is revoked", async () => {
    const { cookie } = await signedInUser();
    const { key, id } = await apiKeyFor(cookie);
    expect((await balance(keyRequest("GET", "/api/credits/balance", key))).status).toBe(200);
    await revokeKey(apiRequest("DELETE", `/api/keys/${id}`, { cookie }), params({ id }));
    const refused = await balance(keyRequest("GET", "/api/credits/balance", key));
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toBe("invalid_api_key");
  });

  it.each([
    ["a malformed key", { authorization: "Bearer pk_short" }],
    ["an empty bearer", { authorization: "Bearer " }],
    ["a bearer of another kind", { authorization: "Bearer sk_live_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG" }],
    ["another scheme", { authorization: "Basic dXNlcjpwYXNz" }],
    ["an empty X-Api-Key", { "x-api-key": "" }],
    ["a well-formed key that does not exist", { "x-api-key": `pk_${Buffer.alloc(32, 7).toString("base64url")}` }],
    ["a key with a character too many", { "x-api-key": `pk_${Buffer.alloc(32, 7).toString("base64url")}A` }],
  ])("answers 401 invalid_api_key to %s and charges nothing", async (_label, headers) => {
    const { user, cookie } = await signedInUser();
    const response = await generate(keyRequest("POST", "/api/flux/generate", null, { headers, cookie, body: { prompt: "a cat", aspectRatio: "square" } }));
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error).toBe("invalid_api_key");
    expect(body.message).toContain("Authorization: Bearer");
    expect(await ledgerKinds(user.id)).toEqual(["grant:60"]);
  });
});

describe("the per-key rate limit", () => {
  it("bounds the account across its keys: a second key does not start afresh past API_ACCOUNT_RATE_LIMIT", async () => {
    setSettings({ API_RATE_LIMIT: "3", API_ACCOUNT_RATE_LIMIT: "4" });
    const { cookie } = await signedInUser();
    const first = await apiKeyFor(cookie, "First");
    const second = await apiKeyFor(cookie, "Second");
    const call = (key: string) => balance(keyRequest("GET", "/api/credits/balance", key));
    for (let index = 0; index < 3; index += 1) expect((await call(first.key)).status).toBe(200);
    const fourth = await call(second.key);
    expect(fourth.status).toBe(200);
    // The account has one call left of 4, though this key has 2 of 3: the tighter allowance is shown.
    expect(fourth.headers.get("ratelimit-limit")).toBe("4");
    expect(fourth.headers.get("ratelimit-remaining")).toBe("0");
    const refused = await call(second.key);
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.error).toBe("rate_limited");
    expect(body.message).toContain("account");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not affected.
    const stranger = await apiKeyFor((await signedInUser()).cookie);
    expect((await call(stranger.key)).status).toBe(200);
  });

  it("tells every answer where the key stands and answers 429 with Retry-After past API_RATE_LIMIT", async () => {
    setSettings({ API_RATE_LIMIT: "3" });
    const { cookie } = await signedInUser();
    const first = await apiKeyFor(cookie, "First");
    const second = await apiKeyFor(cookie, "Second");
    const call = (key: string) => balance(keyRequest("GET", "/api/credits/balance", key));
    for (const remaining of ["2", "1", "0"]) {
      const response = await call(first.key);
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-limit")).toBe("3");
      expect(response.headers.get("ratelimit-remaining")).toBe(remaining);
      expect(Number(response.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
      expect(Number(response.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
    }
    const refused = await call(first.key);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit-remaining")).toBe("0");
    expect(creditHeaders(refused)).toEqual({ charged: "0", remaining: "60" });
    // Each key has its own allowance.
    const other = await call(second.key);
    expect(other.status).toBe(200);
    expect(other.headers.get("ratelimit-remaining")).toBe("2");
  });
});
