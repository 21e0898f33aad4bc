// Views of /api/files/{id} with FILES_REDIRECT on S3 storage: the same access rules as streaming,
// then a 302 to a presigned address the bucket (our fake S3, which checks SigV4 as S3 does) honours
// for five minutes, or to the CDN for a public file that never expires.
import sharp from "sharp";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { db } from "@/lib/db";
import { storeImage } from "@/lib/storage/files";
import { FakeS3 } from "../fakes/s3-server";
import { apiRequest, signedInUser } from "./helpers";
import { setSettings } from "../setup/settings";

const CDN = "https://cdn.pictura.test";

const image = async () => ({
  buffer: await sharp({ create: { width: 4, height: 3, channels: 3, background: "#cc6633" } })
    .png()
    .toBuffer(),
  contentType: "image/png",
  width: 4,
  height: 3,
});

const view = (id: string, cookie?: string, method = "GET") => getFile(apiRequest(method, `/api/files/${id}`, { cookie }), { params: Promise.resolve({ id }) });

/** The bucket's XML error code, as a browser following the redirect would get it. */
const errorCode = async (response: Response) => (await response.text()).match(/<Code>(.*?)<\/Code>/)?.[1];

describe("file redirects to S3", () => {
  let s3: FakeS3;

  beforeAll(async () => {
    s3 = await new FakeS3("pictura-files", "AKIAFAKEPICTURA", "fake-secret-key", "eu-west-1").start();
  });
  afterAll(async () => {
    await s3.stop();
  });
  beforeEach(() => {
    s3.now = () => Date.now();
    s3.anonymousRead = false;
    setSettings({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_REGION: "eu-west-1",
      FILES_REDIRECT: "true",
    });
    setSettings({ FILES_PUBLIC_BASE_URL: undefined });
  });
  it("sends the owner to a presigned GET valid five minutes, which serves the exact bytes with the file's type", async () => {
    const { user, cookie } = await signedInUser();
    const file = await storeImage(await image(), { userId: user.id, isPrivate: true, ttlDays: null });
    const response = await view(file.id, cookie);

    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${s3.endpoint}/${s3.bucket}/${file.storageKey}`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      "X-Amz-Algorithm": "AWS4-HMAC-SHA256",
      "X-Amz-Expires": "300",
      "X-Amz-SignedHeaders": "host",
      "response-content-type": "image/png",
      "response-content-disposition": "inline",
      "response-cache-control": "private,max-age=31536000,immutable",
    });
    expect(location.searchParams.get("X-Amz-Credential")).toMatch(/^AKIAFAKEPICTURA\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    // The bucket's own type is overridden by the signed response-content-type.
    s3.objects.get(file.storageKey)!.contentType = "application/octet-stream";

    const fromBucket = await fetch(location);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get("content-type")).toBe("image/png");
    expect(fromBucket.headers.get("content-disposition")).toBe("inline");
    expect(fromBucket.headers.get("cache-control")).toBe("private,max-age=31536000,immutable");
    expect(Buffer.from(await fromBucket.arrayBuffer()).equals(s3.objects.get(file.storageKey)!.body)).toBe(true);
    expect(s3.requests.at(-1)).toEqual({ method: "GET", path: `/${s3.bucket}/${file.storageKey}`, auth: "query" });

    // HEAD (which Next answers from GET) gets the same redirect.
    const head = await view(file.id, cookie, "HEAD");
    expect([head.status, new URL(head.headers.get("location")!).pathname]).toEqual([302, location.pathname]);
  });

  it("has the bucket refuse the address with one signature byte changed, with a changed override, and after five minutes", async () => {
    const { user, cookie } = await signedInUser();
    const file = await storeImage(await image(), { userId: user.id, isPrivate: true, ttlDays: null });
    const location = new URL((await view(file.id, cookie)).headers.get("location")!);

    const tampered = new URL(location);
    const signature = tampered.searchParams.get("X-Amz-Signature")!;
    tampered.searchParams.set("X-Amz-Signature", `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`);
    const badSignature = await fetch(tampered);
    expect([badSignature.status, await errorCode(badSignature)]).toEqual([403, "SignatureDoesNotMatch"]);

    const retyped = new URL(location);
    retyped.searchParams.set("response-content-type", "text/html");
    const badOverride = await fetch(retyped);
    expect([badOverride.status, await errorCode(badOverride)]).toEqual([403, "SignatureDoesNotMatch"]);

    s3.now = () => Date.now() + 290_000;
    expect((await fetch(location)).status).toBe(200);
    s3.now = () => Date.now() + 301_000;
    const expired = await fetch(location);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("<Message>Request has expired</Message>");
  });

  it("answers 404 as before, with no redirect, for someone else's private file and a guest's expired file", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const mine = await storeImage(await image(), { userId: owner.user.id, isPrivate: true, ttlDays: null });
    const guests = await storeImage(await image(), { userId: null, isPrivate: false, ttlDays: 1 });
    // Those who may see them are redirected…
    expect((await view(mine.id, owner.cookie)).status).toBe(302);
    expect((await view(guests.id)).status).toBe(302);
    await db.storedFile.update({ where: { id: guests.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    // …everyone else gets the same 404 as when streaming, and no address to the bucket.
    for (const [id, cookie] of [
      [mine.id, other.cookie],
      [mine.id, undefined],
      [guests.id, undefined],
      [guests.id, owner.cookie],
    ] as const) {
      const response = await view(id, cookie);
      expect([response.status, response.headers.get("location")]).toEqual([404, null]);
      expect(await response.json()).toEqual({ error: "file_not_found", message: "This image was not found." });
    }
  });

  it("sends a public file that never expires to FILES_PUBLIC_BASE_URL, and never a private or expiring one", async () => {
    setSettings({ FILES_PUBLIC_BASE_URL: `${CDN}/` });
    const { user, cookie } = await signedInUser();
    const shared = await storeImage(await image(), { userId: user.id, isPrivate: false, ttlDays: null });
    const mine = await storeImage(await image(), { userId: user.id, isPrivate: true, ttlDays: null });
    const guests = await storeImage(await image(), { userId: null, isPrivate: false, ttlDays: 1 });

    const toCdn = await view(shared.id);
    expect(toCdn.status).toBe(302);
    expect(toCdn.headers.get("location")).toBe(`${CDN}/${shared.storageKey}`);
    expect(toCdn.headers.get("cache-control")).toBe("public, max-age=3600");
    // The CDN reads the same key from the bucket, where anyone may read (its bucket policy).
    s3.anonymousRead = true;
    const throughCdn = await fetch(toCdn.headers.get("location")!.replace(CDN, `${s3.endpoint}/${s3.bucket}`));
    expect(Buffer.from(await throughCdn.arrayBuffer()).equals(s3.objects.get(shared.storageKey)!.body)).toBe(true);

    const toOwner = await view(mine.id, cookie);
    expect(toOwner.headers.get("location")).not.toContain(CDN);
    expect(new URL(toOwner.headers.get("location")!).searchParams.has("X-Amz-Signature")).toBe(true);
    const toGuest = await view(guests.id);
    expect(toGuest.headers.get("location")).not.toContain(CDN);
    // Kept by caches no longer than the guest's file lives (a day).
    expect(new URL(toGuest.headers.get("location")!).searchParams.get("response-cache-control")).toMatch(/^public,max-age=(86400|8639\d),immutable$/);
    // A public file's signed redirect may be cached, for less than the address lives.
    expect(toGuest.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("streams the bytes as before without FILES_REDIRECT, and redirects the same file once it is set", async () => {
    setSettings({ FILES_REDIRECT: undefined });
    const file = await storeImage(await image(), { userId: null, isPrivate: false, ttlDays: 1 });
    const streamed = await view(file.id);
    expect(streamed.status).toBe(200);
    expect(Object.fromEntries(streamed.headers)).toMatchObject({
      "content-type": "image/png",
      "content-disposition": "inline",
      "cache-control": expect.stringMatching(/^public, max-age=(86400|8639\d), immutable$/),
      "content-security-policy": "default-src 'none'; sandbox",
      "x-content-type-options": "nosniff",
    });
    expect(streamed.headers.get("location")).toBeNull();
    expect(Buffer.from(await streamed.arrayBuffer()).equals(s3.objects.get(file.storageKey)!.body)).toBe(true);
    expect(s3.requests.at(-1)).toEqual({ method: "GET", path: `/${s3.bucket}/${file.storageKey}`, auth: "header" });

    setSettings({ FILES_REDIRECT: "true" });
    const redirected = await view(file.id);
    expect(redirected.status).toBe(302);
  });
});
