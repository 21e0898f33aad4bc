// A guest's uploads and results belong to the one browser that made them: the first file a guest
// makes sets a signed guest key cookie, and only a request carrying that verified key may read the
// file, follow its operation, or use it again. Anyone else, whatever they send, gets the 404 a
// missing file gets. Signed-in users' files are untouched by it.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as register } from "@/app/api/auth/register/route";
import { POST as convert } from "@/app/api/convert-image/route";
import { GET as getOperation } from "@/app/api/operations/[id]/route";
import { POST as save } from "@/app/api/saved-images/route";
import { POST as share } from "@/app/api/shares/route";
import { db } from "@/lib/db";
import { apiRequest, sessionCookieFrom, signedInUser, uniqueEmail, uniqueIp } from "./helpers";
import { cookiesSetBy, dataUrl, fetchFile } from "./imaging-helpers";
import { withImageWorker } from "./image-worker";

jest.setTimeout(120_000);
withImageWorker();

const GUEST_COOKIE = "pictura.guest-key";
const fileId = (url: string) => url.replace("/api/files/", "");
const operationParams = (id: string) => ({ params: Promise.resolve({ id }) });

let source: Buffer;
beforeAll(async () => {
  source = await sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
});

/** A guest's conversion as their browser sends it (with the cookies it holds), and what it answered. */
async function convertAsGuest(cookie?: string, image = dataUrl(source), ip = uniqueIp()) {
  const response = await convert(apiRequest("POST", "/api/convert-image", { body: { image, format: "webp" }, cookie, ip }));
  expect(response.status).toBe(200);
  const body = (await response.json()) as { convertedImage: string; operationId: string };
  return { response, url: body.convertedImage, operationId: body.operationId, cookie: cookiesSetBy(response) ?? cookie };
}

/** The guest key cookie's value as set ("v1.<key>.<signature>"). */
function keyCookieValue(cookie: string): string {
  const pair = cookie.split("; ").find((part) => part.startsWith(`${GUEST_COOKIE}=`));
  if (!pair) throw new Error("No guest key cookie");
  return pair.slice(GUEST_COOKIE.length + 1);
}

const withCookieValue = (value: string) => `${GUEST_COOKIE}=${value}`;

describe("a guest's files", () => {
  it("are read by the browser that made them, and by no other", async () => {
    const mine = await convertAsGuest();
    const setCookie = mine.response.headers.getSetCookie().find((line) => line.startsWith(`${GUEST_COOKIE}=`));
    // HttpOnly, sent on same-site navigations, on every path; Secure only over https (the tests run on http).
    expect(setCookie).toMatch(/; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);

    const own = await fetchFile(mine.url, mine.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/webp");
    // No shared cache may hand it to another browser.
    expect(own.headers.get("cache-control")).toMatch(/^private, /);

    expect((await fetchFile(mine.url)).status).toBe(404);
    const other = await convertAsGuest();
    expect(other.cookie).not.toEqual(mine.cookie);
    expect((await fetchFile(mine.url, other.cookie)).status).toBe(404);
    expect((await fetchFile(other.url, mine.cookie)).status).toBe(404);
    expect((await fetchFile(other.url, other.cookie)).status).toBe(200);
  });

  it("answer a tampered or forged key cookie as if none were sent", async () => {
    const mine = await convertAsGuest();
    const [version, key, signature] = keyCookieValue(mine.cookie!).split(".") as [string, string, string];
    const flipped = (text: string) => `${text.slice(0, -2)}${text.at(-2) === "A" ? "B" : "A"}${text.at(-1)}`;
    for (const value of [
      `${version}.${key}.${flipped(signature)}`,
      `${version}.${flipped(key)}.${signature}`,
      `${version}.${key}`,
      key,
      // The key with a signature of the right shape made without the server's secret.
      `${version}.${key}.${createHash("sha256").update(key).digest("base64url")}`,
      `v2.${key}.${signature}`,
    ]) {
      expect((await fetchFile(mine.url, withCookieValue(value))).status).toBe(404);
    }
    expect((await fetchFile(mine.url, withCookieValue(keyCookieValue(mine.cookie!)))).status).toBe(200);
  });

  it("store only a hash of the browser's key, the same one for its upload and its result", async () => {
    const mine = await convertAsGuest();
    const key = keyCookieValue(mine.cookie!).split(".")[1]!;
    const operation = await db.operation.findUniqueOrThrow({
      where: { id: mine.operationId },
      include: { resultFile: true, inputs: { include: { file: true } } },
    });
    const hash = createHash("sha256").update(key).digest("hex");
    expect(operation.resultFile).toMatchObject({ userId: null, isPrivate: true, guestKeyHash: hash });
    expect(operation.inputs.map((input) => input.file?.guestKeyHash)).toEqual([hash]);
    // The upload is as private as the result.
    const upload = operation.inputs[0]!.fileId!;
    expect((await fetchFile(`/api/files/${upload}`, mine.cookie)).status).toBe(200);
    expect((await fetchFile(`/api/files/${upload}`)).status).toBe(404);
    expect(JSON.stringify(await db.storedFile.findMany({ where: { id: { in: [upload, fileId(mine.url)] } } }))).not.toContain(key);
  });

  it("keep one key per browser: its later files are readable with the cookie it already holds", async () => {
    const first = await convertAsGuest();
    const second = await convertAsGuest(first.cookie);
    // Sent again (its lifetime renewed), with the same key.
    expect(keyCookieValue(cookiesSetBy(second.response)!)).toBe(keyCookieValue(first.cookie!));
    expect((await fetchFile(first.url, first.cookie)).status).toBe(200);
    expect((await fetchFile(second.url, first.cookie)).status).toBe(200);
  });

  it("keep the key of a new browser's first call when a second call is refused while the first is running", async () => {
    const ip = uniqueIp();
    const body = { image: dataUrl(source), format: "webp" };
    const first = await convert(apiRequest("POST", "/api/convert-image", { body, ip, headers: { prefer: "respond-async" } }));
    expect(first.status).toBe(202);
    const second = await convert(apiRequest("POST", "/api/convert-image", { body, ip, headers: { prefer: "respond-async" } }));
    expect(second.status).toBe(429);
    // The refusal sets no key of its own, which would take the place of the first call's.
    expect(second.headers.getSetCookie()).toEqual([]);
    const cookie = cookiesSetBy(first);
    const { operationId } = await first.json();
    let view: { status: string; result?: { sample: string } } = { status: "queued" };
    while (view.status !== "succeeded") {
      const answer = await getOperation(apiRequest("GET", `/api/operations/${operationId}`, { cookie, ip }), operationParams(operationId));
      expect(answer.status).toBe(200);
      view = await answer.json();
      expect(view.status).not.toBe("failed");
      if (view.status !== "succeeded") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await fetchFile(view.result!.sample, cookie)).status).toBe(200);
  });

  it("are followed as operations by their browser only, even from the same address", async () => {
    const ip = uniqueIp();
    const mine = await convertAsGuest(undefined, dataUrl(source), ip);
    const other = await convertAsGuest(undefined, dataUrl(source), ip);
    const view = (cookie?: string) => getOperation(apiRequest("GET", `/api/operations/${mine.operationId}`, { cookie, ip }), operationParams(mine.operationId));
    const own = await view(mine.cookie);
    expect(own.status).toBe(200);
    const body = await own.json();
    expect(body.result.sample).toBe(mine.url);
    // The key's hash is the worker's business, not part of the recipe anyone reads.
    expect(JSON.stringify(body)).not.toMatch(/guestKeyHash/);
    expect((await view(other.cookie)).status).toBe(404);
    expect((await view()).status).toBe(404);
  });

  it("can be used again as an input by their browser only", async () => {
    const mine = await convertAsGuest();
    const again = await convertAsGuest(mine.cookie, mine.url);
    expect((await fetchFile(again.url, mine.cookie)).status).toBe(200);

    const stranger = await convert(apiRequest("POST", "/api/convert-image", { body: { image: mine.url, format: "png" } }));
    expect(stranger.status).toBe(404);
    expect((await stranger.json()).error).toBe("file_not_found");
    const other = await convertAsGuest();
    expect((await convert(apiRequest("POST", "/api/convert-image", { body: { image: mine.url, format: "png" }, cookie: other.cookie }))).status).toBe(404);
  });

  it("can be kept in the gallery by the browser that made them once it signs in, and by no other account", async () => {
    const mine = await convertAsGuest();
    const { cookie: session } = await signedInUser({ tier: "essential" });
    const body = { imageUrl: mine.url, originalPrompt: null, tool: "conversion", filename: "Converted", fileSize: 1 };
    expect((await save(apiRequest("POST", "/api/saved-images", { cookie: session, body }))).status).toBe(404);
    expect((await save(apiRequest("POST", "/api/saved-images", { cookie: `${session}; ${mine.cookie}`, body }))).status).toBe(200);
  });
});

describe("a guest who signs up or signs in", () => {
  const PASSWORD = "a long enough passphrase 42";

  it("takes their browser's results into the account: readable on any device, shareable, and another browser's stay its own", async () => {
    const mine = await convertAsGuest();
    const later = await convertAsGuest(mine.cookie);
    const other = await convertAsGuest();
    const email = uniqueEmail("guest");
    const signedUp = await register(
      apiRequest("POST", "/api/auth/register", { cookie: mine.cookie, body: { email, password: PASSWORD, firstName: "Ada", lastName: "Guest" } }),
    );
    expect(signedUp.status).toBe(201);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    // The session alone, as on another device without the guest cookie.
    const session = sessionCookieFrom(signedUp);
    for (const made of [mine, later]) {
      const file = await db.storedFile.findUniqueOrThrow({ where: { id: fileId(made.url) } });
      expect(file).toMatchObject({ userId: user.id, guestKeyHash: null });
      // Kept as long as the account's own results, not a guest's day.
      expect(file.expiresAt!.getTime() - file.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
      const operation = await db.operation.findUniqueOrThrow({ where: { id: made.operationId } });
      expect(operation.userId).toBe(user.id);
      expect(operation.params).not.toHaveProperty("guestKeyHash");
      expect((await fetchFile(made.url, session)).status).toBe(200);
      expect(
        (await getOperation(apiRequest("GET", `/api/operations/${made.operationId}`, { cookie: session }), operationParams(made.operationId))).status,
      ).toBe(200);
    }
    const shared = await share(apiRequest("POST", "/api/shares", { cookie: session, body: { fileId: fileId(mine.url), expiresIn: "7d" } }));
    expect(shared.status).toBe(201);
    // Another browser's work is neither taken nor readable.
    expect(await db.storedFile.findUniqueOrThrow({ where: { id: fileId(other.url) } })).toMatchObject({ userId: null, guestKeyHash: expect.any(String) });
    expect((await fetchFile(other.url, session)).status).toBe(404);
    expect((await fetchFile(other.url, other.cookie)).status).toBe(200);
  });

  it("takes along on a later sign-in what the browser made since, and never another account's", async () => {
    const first = await convertAsGuest();
    const email = uniqueEmail("guest");
    expect(
      (
        await register(
          apiRequest("POST", "/api/auth/register", { cookie: first.cookie, body: { email, password: PASSWORD, firstName: "Ada", lastName: "Guest" } }),
        )
      ).status,
    ).toBe(201);
    const owner = await db.user.findUniqueOrThrow({ where: { email } });
    // Signed out again, the same browser makes more as a guest; someone else signs in on it.
    const next = await convertAsGuest(first.cookie);
    const { user: someone } = await signedInUser();
    await db.user.update({ where: { id: someone.id }, data: { passwordHash: owner.passwordHash } });
    const signedIn = await login(apiRequest("POST", "/api/auth/login", { cookie: first.cookie, body: { email: someone.email, password: PASSWORD } }));
    expect(signedIn.status).toBe(200);
    expect((await db.storedFile.findUniqueOrThrow({ where: { id: fileId(next.url) } })).userId).toBe(someone.id);
    expect((await db.storedFile.findUniqueOrThrow({ where: { id: fileId(first.url) } })).userId).toBe(owner.id);
    expect((await db.operation.findUniqueOrThrow({ where: { id: first.operationId } })).userId).toBe(owner.id);
  });
});

describe("a signed-in user's files", () => {
  it("set no guest key and stay readable by their owner only", async () => {
    const { user, cookie } = await signedInUser();
    const response = await convert(apiRequest("POST", "/api/convert-image", { body: { image: dataUrl(source), format: "png" }, cookie }));
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const { convertedImage } = await response.json();
    expect(await db.storedFile.findUniqueOrThrow({ where: { id: fileId(convertedImage) } })).toMatchObject({ userId: user.id, guestKeyHash: null });
    expect((await fetchFile(convertedImage, cookie)).status).toBe(200);
    const guest = await convertAsGuest();
    expect((await fetchFile(convertedImage, guest.cookie)).status).toBe(404);
    expect((await fetchFile(convertedImage, `${cookie}; ${guest.cookie}`)).status).toBe(200);
  });
});
