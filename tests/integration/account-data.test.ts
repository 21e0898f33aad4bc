import { unzipSync, strFromU8 } from "fflate";
import { encode } from "next-auth/jwt";
import sharp from "sharp";
import { GET as exportData } from "@/app/api/account/export/route";
import { DELETE as deleteAccountRoute, GET as summary } from "@/app/api/account/route";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as register } from "@/app/api/auth/register/route";
import { GET as currentUser } from "@/app/api/auth/user/route";
import { POST as createSubscription } from "@/app/api/create-subscription/route";
import { POST as generate } from "@/app/api/flux/generate/route";
import { POST as createProject } from "@/app/api/projects/route";
import { POST as saveImage } from "@/app/api/saved-images/route";
import { finishPendingErasures } from "@/lib/account/erase";
import { findOrCreateOAuthUser } from "@/lib/auth/oauth-users";
import { sessionCookieName } from "@/lib/auth/session";
import { startSession } from "@/lib/auth/sessions";
import { db } from "@/lib/db";
import { stopQueueClient } from "@/lib/jobs/boss";
import { cancelOperation, claimOperation, failOperation } from "@/lib/jobs/settle";
import { fileUrl, storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { FakeStripe } from "../fakes/stripe-server";
import { usingFakeStripe } from "./fake-stripe-settings";
import { apiRequest, sessionCookieFrom, uniqueEmail, uniqueIp } from "./helpers";
import { dataUrl, fetchFile } from "./imaging-helpers";
import { TEST_AUTH_SECRET } from "../setup/test-env";

jest.setTimeout(60_000);

const PASSWORD = "a-long-enough-password";

async function png(colour: string, width = 5, height = 4) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** A person as they sign up, with a password: the user row and their session cookie. */
async function registered(tier: "essential" | "pro" = "pro") {
  const email = uniqueEmail("data");
  const response = await register(apiRequest("POST", "/api/auth/register", { body: { email, password: PASSWORD, firstName: "Ada", lastName: "Lovelace" } }));
  expect(response.status).toBe(201);
  const cookie = sessionCookieFrom(response);
  const user = await db.user.update({ where: { email }, data: { tier } });
  return { user, email, cookie };
}

/** What a signed-in person builds: two gallery images, a project showing a result, spent credits. */
async function withContent(userId: string, cookie: string) {
  const galleryBytes = [await png("#112233"), await png("#445566", 7, 3)];
  const saved = [];
  for (const [index, bytes] of galleryBytes.entries()) {
    const response = await saveImage(
      apiRequest("POST", "/api/saved-images", {
        cookie,
        body: { imageUrl: dataUrl(bytes), tool: "text_to_image", filename: index === 0 ? "Sunset: über.png" : "Lake", fileSize: bytes.length },
      }),
    );
    expect(response.status).toBe(200);
    saved.push((await response.json()).image as { id: string; imageUrl: string });
  }
  const resultBytes = await png("#778899");
  const result = await storeImage({ buffer: resultBytes, contentType: "image/png", width: 5, height: 4 }, { userId, isPrivate: true, ttlDays: 30 });
  const project = await createProject(
    apiRequest("POST", "/api/projects", {
      cookie,
      body: {
        name: "Holiday",
        state: { resultImage: fileUrl(result), history: [{ prompt: "a lake", mode: "generate", resultUrl: fileUrl(result), at: "now" }] },
      },
    }),
  );
  expect(project.status).toBe(201);
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { credits: { decrement: 5 } } }),
    db.creditTransaction.create({ data: { userId, kind: "spend", operation: "generate", delta: -5, balanceAfter: 55, idempotencyKey: `spend:${userId}` } }),
  ]);
  return { saved, galleryBytes, result, resultBytes, project: await project.json() };
}

async function readZip(response: Response): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

function deleteRequest(cookie: string | undefined, body: unknown, ip = uniqueIp()) {
  return deleteAccountRoute(apiRequest("DELETE", "/api/account", { cookie, body, ip }));
}

/** A live Google session of the user that began at `signedInAt` (seconds). */
async function oauthCookie(userId: string, signedInAt: number) {
  const name = sessionCookieName();
  const sid = await startSession(userId, "google", { device: null, country: null });
  const value = await encode({ salt: name, secret: TEST_AUTH_SECRET, maxAge: 3600, token: { sub: userId, sid, signedInAt } });
  return `${name}=${value}`;
}

describe("download my data", () => {
  it("refuses a visitor who is not signed in", async () => {
    expect((await exportData(apiRequest("GET", "/api/account/export"))).status).toBe(401);
  });

  it("streams a ZIP with every gallery file, the project's files and the account, ledger, projects and gallery as JSON", async () => {
    const { user, email, cookie } = await registered();
    const content = await withContent(user.id, cookie);
    const response = await exportData(apiRequest("GET", "/api/account/export", { cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="pictura-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = await readZip(response);

    const account = JSON.parse(strFromU8(files["account.json"]!));
    expect(account).toMatchObject({ id: user.id, email, firstName: "Ada", lastName: "Lovelace", credits: 55, signIns: { password: true, linked: [] } });
    expect(JSON.stringify(account)).not.toMatch(/argon|passwordHash/i);

    const credits = JSON.parse(strFromU8(files["credits.json"]!)) as { delta: number; balanceAfter: number; kind: string }[];
    expect(credits.map((row) => `${row.kind}:${row.delta}`)).toEqual(["grant:60", "spend:-5"]);

    const gallery = JSON.parse(strFromU8(files["gallery.json"]!)) as { id: string; filename: string; file: string }[];
    expect(gallery.map((image) => image.id)).toEqual(content.saved.map((image) => image.id));
    expect(gallery[0]!.file).toBe("gallery/001-Sunset_ über.png");
    expect(gallery[1]!.file).toBe("gallery/002-Lake.png");
    for (const [index, image] of gallery.entries()) {
      // The bytes in the archive are the stored gallery copy, which holds the saved picture.
      const stored = await db.savedImage.findUniqueOrThrow({ where: { id: image.id }, include: { file: true } });
      const blob = await blobStore().get(stored.file.storageKey);
      expect(Buffer.from(files[image.file]!).equals(blob!.body)).toBe(true);
      expect(Buffer.from(files[image.file]!).equals(content.galleryBytes[index]!)).toBe(true);
    }

    const projects = JSON.parse(strFromU8(files["projects.json"]!));
    expect(projects).toHaveLength(1);
    const resultPath = `project-images/${content.result.id}.png`;
    expect(projects[0]).toMatchObject({
      id: content.project.id,
      name: "Holiday",
      images: { source: null, result: { url: fileUrl(content.result), file: resultPath }, history: [{ prompt: "a lake", file: resultPath }] },
    });
    expect(Buffer.from(files[resultPath]!).equals(content.resultBytes)).toBe(true);
    expect(Object.keys(files).sort()).toEqual(
      ["account.json", "credits.json", "gallery.json", gallery[0]!.file, gallery[1]!.file, resultPath, "projects.json"].sort(),
    );
  });

  it("is limited to a few downloads an hour per account", async () => {
    const { cookie } = await registered();
    for (let index = 0; index < 5; index += 1) {
      const response = await exportData(apiRequest("GET", "/api/account/export", { cookie }));
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const refused = await exportData(apiRequest("GET", "/api/account/export", { cookie }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("deleting an account", () => {
  it("refuses a cookie copied before its sign-out, even with the password", async () => {
    const { user, cookie } = await registered();
    const copied = cookie;
    expect((await logout(apiRequest("POST", "/api/auth/logout", { cookie }))).status).toBeLessThan(300);
    const response = await deleteRequest(copied, { password: PASSWORD });
    expect(response.status).toBe(401);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ deletedAt: null });
  });

  const stripe = new FakeStripe();
  usingFakeStripe(stripe, "whsec_test_pictura_fake");

  it("summarises what would be lost", async () => {
    const { user, email, cookie } = await registered();
    await withContent(user.id, cookie);
    const response = await summary(apiRequest("GET", "/api/account", { cookie }));
    expect(await response.json()).toEqual({
      email,
      hasPassword: true,
      providers: [],
      galleryImages: 2,
      projects: 1,
      credits: 55,
      plan: null,
      recentlySignedIn: true,
    });
  });

  it("cancels the plan with Stripe, erases files, gallery, projects and identity, keeps the ledger's amounts and signs out", async () => {
    const { user, email, cookie } = await registered("essential");
    const content = await withContent(user.id, cookie);
    expect((await createSubscription(apiRequest("POST", "/api/create-subscription", { cookie, body: { tier: "pro" } }))).status).toBe(200);
    const subscriptionId = [...stripe.subscriptions.keys()].at(-1)!;
    await db.subscription.update({ where: { providerSubscriptionId: subscriptionId }, data: { status: "active" } });
    await db.account.create({ data: { userId: user.id, provider: "google", providerAccountId: `g-${user.id}`, email } });
    const ledgerBefore = await db.creditTransaction.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    const fileRows = await db.storedFile.findMany({ where: { userId: user.id } });
    expect(fileRows.length).toBe(3);

    const response = await deleteRequest(cookie, { password: PASSWORD });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join("\n")).toMatch(/session-token=;.*Max-Age=0/i);

    // The plan ended at Stripe at once, and its row says so.
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(await db.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: subscriptionId } })).toMatchObject({ status: "canceled" });

    // Nobody can sign in: not with the password, not with the old cookie.
    const signIn = await login(apiRequest("POST", "/api/auth/login", { body: { email, password: PASSWORD } }));
    expect(signIn.status).toBe(401);
    expect(await (await currentUser(apiRequest("GET", "/api/auth/user", { cookie }))).json()).toBeNull();
    expect((await summary(apiRequest("GET", "/api/account", { cookie }))).status).toBe(401);

    // Every session ended with the deletion, and no verification or reset link outlives the address.
    expect(await db.authSession.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.emailToken.count({ where: { userId: user.id } })).toBe(0);

    // Files answer 404, and neither their rows nor their bytes remain.
    for (const image of content.saved) expect((await fetchFile(image.imageUrl, cookie)).status).toBe(404);
    expect((await fetchFile(fileUrl(content.result), cookie)).status).toBe(404);
    expect(await db.storedFile.count({ where: { id: { in: fileRows.map((file) => file.id) } } })).toBe(0);
    for (const file of fileRows) expect(await blobStore().get(file.storageKey)).toBeNull();
    expect(await db.savedImage.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.project.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.account.count({ where: { userId: user.id } })).toBe(0);

    // The books keep every amount, owned by an anonymous row, with the forfeit of what was left.
    const tombstone = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(tombstone).toMatchObject({
      email: `deleted-${user.id}@invalid`,
      firstName: "",
      lastName: "",
      passwordHash: null,
      image: null,
      stripeCustomerId: null,
      credits: 0,
    });
    expect(tombstone.deletedAt).toBeInstanceOf(Date);
    expect(tombstone.erasedAt).toBeInstanceOf(Date);
    const ledgerAfter = await db.creditTransaction.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(ledgerAfter.slice(0, ledgerBefore.length).map((row) => [row.id, row.delta, row.balanceAfter])).toEqual(
      ledgerBefore.map((row) => [row.id, row.delta, row.balanceAfter]),
    );
    expect(ledgerAfter.slice(ledgerBefore.length).map((row) => [row.operation, row.delta, row.balanceAfter])).toEqual([["account_deleted", -55, 0]]);
    expect(JSON.stringify(ledgerAfter)).not.toContain(email);

    // The address is free again: signing up makes a fresh account with the trial's credits.
    const again = await register(apiRequest("POST", "/api/auth/register", { body: { email, password: PASSWORD, firstName: "Ada", lastName: "L" } }));
    expect(again.status).toBe(201);
    const fresh = await again.json();
    expect(fresh.id).not.toBe(user.id);
    expect(fresh.credits).toBe(60);
    // Google signs the same person in to the fresh account, not the deleted one.
    const viaGoogle = await findOrCreateOAuthUser({
      provider: "google",
      providerAccountId: `g-${user.id}`,
      email,
      emailVerified: true,
      firstName: "Ada",
      lastName: "L",
      image: null,
    });
    expect(viaGoogle.id).toBe(fresh.id);
  });

  it("changes nothing for a wrong or missing password, and counts wrong ones against the sign-in limits", async () => {
    const { user, cookie } = await registered();
    const content = await withContent(user.id, cookie);
    const ip = uniqueIp();
    const wrong = await deleteRequest(cookie, { password: "not-the-password" }, ip);
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toBe("wrong_password");
    const missing = await deleteRequest(cookie, {}, ip);
    expect(missing.status).toBe(400);

    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after).toMatchObject({ email: user.email, deletedAt: null, credits: 55, passwordHash: user.passwordHash });
    expect(await db.savedImage.count({ where: { userId: user.id } })).toBe(2);
    expect(await db.project.count({ where: { userId: user.id } })).toBe(1);
    for (const image of content.saved) expect((await fetchFile(image.imageUrl, cookie)).status).toBe(200);
    expect((await summary(apiRequest("GET", "/api/account", { cookie }))).status).toBe(200);

    for (let attempt = 2; attempt <= 5; attempt += 1) expect((await deleteRequest(cookie, { password: "still-wrong" }, ip)).status).toBe(403);
    const limited = await deleteRequest(cookie, { password: PASSWORD }, ip);
    expect(limited.status).toBe(429);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ deletedAt: null });
  });

  it("asks an account without a password for a fresh sign-in", async () => {
    const email = uniqueEmail("oauth");
    const user = await findOrCreateOAuthUser({
      provider: "google",
      providerAccountId: `g-${email}`,
      email,
      emailVerified: true,
      firstName: "Grace",
      lastName: "H",
      image: null,
    });
    const stale = await oauthCookie(user.id, Math.floor(Date.now() / 1000) - 11 * 60);
    const refused = await deleteRequest(stale, {});
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("reauthentication_required");
    expect(await (await summary(apiRequest("GET", "/api/account", { cookie: stale }))).json()).toMatchObject({
      hasPassword: false,
      providers: ["google"],
      recentlySignedIn: false,
    });

    const fresh = await oauthCookie(user.id, Math.floor(Date.now() / 1000) - 60);
    expect((await deleteRequest(fresh, {})).status).toBe(200);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ email: `deleted-${user.id}@invalid` });
    const again = await findOrCreateOAuthUser({
      provider: "google",
      providerAccountId: `g-${email}`,
      email,
      emailVerified: true,
      firstName: "Grace",
      lastName: "H",
      image: null,
    });
    expect(again.id).not.toBe(user.id);
    expect(again.email).toBe(email);
  });

  it("refuses a visitor who is not signed in", async () => {
    expect((await deleteRequest(undefined, { password: PASSWORD })).status).toBe(401);
  });

  it("cancels queued image work with its refund, and writes the whole balance off in the ledger", async () => {
    const { user, cookie } = await registered();
    const queued = await generate(apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a fox" }, headers: { prefer: "respond-async" } }));
    expect(queued.status).toBe(202);
    const { operationId } = await queued.json();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBeLessThan(60);

    expect((await deleteRequest(cookie, { password: PASSWORD })).status).toBe(200);
    expect(await db.operation.findUniqueOrThrow({ where: { id: operationId } })).toMatchObject({ status: "canceled", prompt: null, params: null });
    const rows = await db.creditTransaction.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(rows.map((row) => row.kind)).toEqual(["grant", "spend", "refund", "spend"]);
    expect(rows.at(-1)).toMatchObject({ operation: "account_deleted", delta: -60, balanceAfter: 0 });
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(0);
    await stopQueueClient();
  });

  it("ends at 0 credits when variants are queued and running: refunds land before the write-off, never after", async () => {
    const { user, cookie } = await registered();
    const started = await generate(
      apiRequest("POST", "/api/flux/generate", { cookie, body: { prompt: "a fox", count: 4 }, headers: { prefer: "respond-async" } }),
    );
    expect(started.status).toBe(202);
    const { operationIds } = (await started.json()) as { operationIds: string[] };
    expect(operationIds).toHaveLength(4);
    // A worker has taken two of them and is still at work when the account is deleted.
    for (const id of operationIds.slice(0, 2)) expect(await claimOperation(id, "generating")).toBe(true);

    expect((await deleteRequest(cookie, { password: PASSWORD })).status).toBe(200);
    // The worker's run then ends the way a canceled run does, and a late result loses to the cancel.
    expect(await cancelOperation(operationIds[0]!)).toBe(false);
    expect(await failOperation(operationIds[1]!, { status: 502, code: "provider_failed", message: "Provider failed" })).toBe(false);

    const operations = await db.operation.findMany({ where: { id: { in: operationIds } } });
    expect(operations.map((operation) => operation.status)).toEqual(["canceled", "canceled", "canceled", "canceled"]);
    const rows = await db.creditTransaction.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    expect(rows.filter((row) => row.kind === "refund")).toHaveLength(4);
    expect(rows.at(-1)).toMatchObject({ operation: "account_deleted", delta: -60, balanceAfter: 0 });
    expect(rows.reduce((sum, row) => sum + row.delta, 0)).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(0);
    await stopQueueClient();
  });

  it("finishes a deletion that died midway, on the same request's retry or from storage:cleanup", async () => {
    const first = await registered();
    await withContent(first.user.id, first.cookie);
    const second = await registered();
    await withContent(second.user.id, second.cookie);
    const store = blobStore();
    const spy = jest.spyOn(store, "delete").mockRejectedValue(new Error("storage is down"));
    const quiet = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect((await deleteRequest(first.cookie, { password: PASSWORD })).status).toBe(500);
      expect((await deleteRequest(second.cookie, { password: PASSWORD })).status).toBe(500);
    } finally {
      spy.mockRestore();
      quiet.mockRestore();
    }
    // Marked deleted: nobody can sign in any more, though the files are still there.
    expect((await login(apiRequest("POST", "/api/auth/login", { body: { email: first.email, password: PASSWORD } }))).status).toBe(401);
    expect(await db.storedFile.count({ where: { userId: first.user.id } })).toBe(3);

    const retried = await deleteRequest(first.cookie, {});
    expect(retried.status).toBe(200);
    expect(await db.storedFile.count({ where: { userId: first.user.id } })).toBe(0);
    expect(await db.user.findUniqueOrThrow({ where: { id: first.user.id } })).toMatchObject({ erasedAt: expect.any(Date) });
    // Once finished, the old cookie is nobody's.
    expect((await deleteRequest(first.cookie, {})).status).toBe(401);

    expect(await finishPendingErasures()).toBeGreaterThanOrEqual(1);
    expect(await db.storedFile.count({ where: { userId: second.user.id } })).toBe(0);
    expect(await db.project.count({ where: { userId: second.user.id } })).toBe(0);
  });
});
