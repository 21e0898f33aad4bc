import { POST as edit } from "@/app/api/flux/edit/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { db } from "@/lib/db";
import { fingerprintRequest } from "@/lib/http/idempotency-fingerprint";
import { claimIdempotencyKey } from "@/lib/idempotency/records";
import { apiRequest, signedInUser } from "./helpers";
import { apiKeyFor, creditHeaders, keyRequest } from "./api-keys-helpers";
import { balanceOf, blob, ledgerKinds, multipartRequest, photo } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";
import { setSettings } from "../setup/settings";

jest.setTimeout(120_000);

withImageWorker();

const prompt = (text: string) => ({ prompt: text, aspectRatio: "square" });
const withKey = (key: string, idempotencyKey: string, body: unknown) =>
  keyRequest("POST", "/api/flux/generate", key, { body, headers: { "idempotency-key": idempotencyKey } });

describe("Idempotency-Key on calls that spend", () => {
  it("answers a repeat with the same body with the first answer again, without a second charge or job", async () => {
    const { user, cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    const first = await generate(withKey(key, "order-1001", prompt("a teapot on a table")));
    expect(first.status).toBe(200);
    expect(creditHeaders(first)).toEqual({ charged: "2", remaining: "58" });
    const firstBody = await first.text();

    // The same request, its JSON written in another order and spacing.
    const sameAgain = await generate(
      new Request("http://localhost:3000/api/flux/generate", {
        method: "POST",
        headers: { host: "localhost:3000", authorization: `Bearer ${key}`, "idempotency-key": "order-1001", "content-type": "application/json" },
        body: '{ "aspectRatio": "square",   "prompt": "a teapot on a table" }',
      }),
    );
    expect(sameAgain.status).toBe(200);
    expect(sameAgain.headers.get("idempotent-replayed")).toBe("true");
    expect(await sameAgain.text()).toBe(firstBody);
    expect(creditHeaders(sameAgain)).toEqual({ charged: "0", remaining: "58" });

    expect(await balanceOf(user.id)).toBe(58);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(1);
  });

  it("answers 422 idempotency_key_reused when the same key comes with a different body", async () => {
    const { user, cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    expect((await generate(withKey(key, "k-reused", prompt("a red kite")))).status).toBe(200);
    const reused = await generate(withKey(key, "k-reused", prompt("a blue kite")));
    expect(reused.status).toBe(422);
    expect((await reused.json()).error).toBe("idempotency_key_reused");
    expect(creditHeaders(reused)).toEqual({ charged: "0", remaining: "58" });
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2"]);
  });

  it("charges once when 10 identical requests race with one key", async () => {
    const { user, cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    const answers = await Promise.all(Array.from({ length: 10 }, () => generate(withKey(key, "burst-7", prompt("a field of sunflowers")))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    const succeeded = answers.filter((answer) => answer.status === 200);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    const bodies = new Set(await Promise.all(succeeded.map((answer) => answer.text())));
    expect(bodies.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("x-credits-charged") === "2")).toHaveLength(1);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2"]);
    expect(await db.operation.count({ where: { userId: user.id } })).toBe(1);
    expect(await balanceOf(user.id)).toBe(58);
  });

  it("works for a browser session too, scoped to the account", async () => {
    const alice = await signedInUser();
    const bob = await signedInUser();
    const send = (cookie: string, text: string) =>
      generate(apiRequest("POST", "/api/flux/generate", { cookie, body: prompt(text), headers: { "idempotency-key": "shared-name" } }));
    const first = await send(alice.cookie, "a snowy village");
    expect(first.status).toBe(200);
    const again = await send(alice.cookie, "a snowy village");
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(await first.json());
    // Another account's key of the same name is its own.
    expect((await send(bob.cookie, "a desert road")).status).toBe(200);
    expect(await balanceOf(alice.user.id)).toBe(58);
    expect(await balanceOf(bob.user.id)).toBe(58);
  });

  it("remembers no failure: a request refused for want of credits may be retried with the same key", async () => {
    const { user, cookie } = await signedInUser({ credits: 1 });
    const { key } = await apiKeyFor(cookie);
    const refused = await generate(withKey(key, "retry-me", prompt("a cabin in the woods")));
    expect(refused.status).toBe(402);
    expect(creditHeaders(refused)).toEqual({ charged: "0", remaining: "1" });
    await db.user.update({ where: { id: user.id }, data: { credits: 10 } });
    const retried = await generate(withKey(key, "retry-me", prompt("a cabin in the woods")));
    expect(retried.status).toBe(200);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(creditHeaders(retried)).toEqual({ charged: "2", remaining: "8" });
  });

  it("keeps a key 24 hours: after that the same key starts a new request", async () => {
    const { user, cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    expect((await generate(withKey(key, "daily-batch", prompt("a morning market")))).status).toBe(200);
    await db.idempotencyKey.updateMany({ where: { userId: user.id, key: "daily-batch" }, data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) } });
    const fresh = await generate(withKey(key, "daily-batch", prompt("an evening market")));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-2", "spend:-2"]);
  });

  it("answers 409 idempotency_in_progress while the first request with the key is still running", async () => {
    const { user, cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    const body = prompt("a slow sunrise");
    const hash = await fingerprintRequest("POST", "http://localhost:3000/api/flux/generate", "application/json", Buffer.from(JSON.stringify(body)));
    // The first request holds the key and has not answered yet; the repeat waits 1 s for it, not 10.
    expect((await claimIdempotencyKey(user.id, "still-running", hash)).state).toBe("claimed");
    setSettings({ IDEMPOTENCY_WAIT_SECONDS: "1" });
    const waiting = await generate(withKey(key, "still-running", body)).finally(() => setSettings({ IDEMPOTENCY_WAIT_SECONDS: undefined }));
    expect(waiting.status).toBe(409);
    expect((await waiting.json()).error).toBe("idempotency_in_progress");
    expect(await ledgerKinds(user.id)).toEqual(["grant:60"]);
  });

  it.each([
    ["longer than 255 characters", "k".repeat(256)],
    ["empty", ""],
  ])("answers 400 to an Idempotency-Key %s and charges nothing", async (_label, idempotencyKey) => {
    const { user, cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    const viaKey = await generate(withKey(key, idempotencyKey, prompt("a lantern")));
    expect(viaKey.status).toBe(400);
    expect((await viaKey.json()).error).toBe("invalid_idempotency_key");
    const viaSession = await generate(
      apiRequest("POST", "/api/flux/generate", { cookie, body: prompt("a lantern"), headers: { "idempotency-key": idempotencyKey } }),
    );
    expect(viaSession.status).toBe(400);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60"]);
    // 255 characters is still a key.
    expect((await generate(withKey(key, "k".repeat(255), prompt("a lantern")))).status).toBe(200);
  });

  it("compares multipart forms by their fields and files, not by the boundary each client draws", async () => {
    const { user, cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    const form = (brightness: string) => {
      const request = multipartRequest("/api/flux/edit", undefined, { image: blob(photo("coffee.png")), prompt: brightness });
      const headers = new Headers(request.headers);
      headers.delete("origin");
      headers.set("authorization", `Bearer ${key}`);
      headers.set("idempotency-key", "form-1");
      headers.set("x-forwarded-for", "10.20.30.40");
      return new Request(request.url, { method: "POST", headers, body: request.body, duplex: "half" } as RequestInit);
    };
    const first = await edit(form("make it brighter"));
    expect(first.status).toBe(200);
    const again = await edit(form("make it brighter"));
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await edit(form("make it darker"))).status).toBe(422);
    expect(await ledgerKinds(user.id)).toEqual(["grant:60", "spend:-3"]);
  });
});
