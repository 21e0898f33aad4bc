// Share links: an owner publishes one of their pictures at /s/{token}; anyone with the link sees a
// derived copy (re-encoded, at most 2048 px, its Content Credentials signed again) and never the
// private original, its id or its storage; revoked, expired, hidden, removed and suspended owners'
// links and guessed tokens are all the same 404; views are counted without a cookie.
import { createHash } from "node:crypto";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { GET as shareImage } from "@/app/s/[token]/image/route";
import { GET as sharePage, HEAD as sharePageHead } from "@/app/s/[token]/route";
import { DELETE as revoke } from "@/app/api/shares/[id]/route";
import { GET as list, POST as create } from "@/app/api/shares/route";
import { POST as verify } from "@/app/api/verify/route";
import { db } from "@/lib/db";
import type { StoredFile, User } from "@/lib/generated/prisma/client";
import { appOrigin } from "@/lib/http/app-origin";
import { labelResult } from "@/lib/imaging/metadata/label-result";
import type { CredentialsReport } from "@/lib/provenance/verify-report";
import { findPublicShare } from "@/lib/shares/public-share";
import { SHARES_PER_HOUR } from "@/lib/rate-limit/shares";
import { storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import type { ShareView } from "@/lib/validation/shares";
import proxy from "@/proxy";
import { apiKeyFor, keyRequest } from "./api-keys-helpers";
import { apiRequest, signedInUser, uniqueIp } from "./helpers";
import { blob, multipartRequest } from "./imaging-helpers";

jest.setTimeout(120_000);

const PROMPT = "a lighthouse at dusk, oil painting";

/** A result as a worker stores it: made by a generation, labelled and signed, larger than a share's copy. */
async function signedResult(user: User, size = { width: 2600, height: 1400 }): Promise<StoredFile> {
  const made = await db.operation.create({
    data: { userId: user.id, kind: "generate", provider: "flux", model: "flux-pro-1.1", status: "succeeded", prompt: PROMPT },
  });
  const picture = await sharp({ create: { ...size, channels: 3, background: "#2060a0" } })
    .png()
    .toBuffer();
  const labelled = await labelResult(made, { buffer: picture, contentType: "image/png", ...size });
  const file = await storeImage(labelled, { userId: user.id, isPrivate: true, ttlDays: 30 });
  await db.operation.update({ where: { id: made.id }, data: { resultFileId: file.id } });
  return file;
}

function createAs(cookie: string | undefined, body: unknown, ip = uniqueIp()) {
  return create(apiRequest("POST", "/api/shares", { cookie, body, ip }));
}

async function shareOf(cookie: string, body: Record<string, unknown>): Promise<ShareView> {
  const response = await createAs(cookie, { expiresIn: "7d", ...body });
  expect(response.status).toBe(201);
  return response.json();
}

const tokenOf = (share: { url: string }) => new URL(share.url).pathname.split("/")[2]!;

function imageOf(token: string): Promise<Response> {
  return shareImage(apiRequest("GET", `/s/${token}/image`), { params: Promise.resolve({ token }) });
}

const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";

/** The share page as a phone's browser asks for it, unless `headers` says otherwise. */
function pageAnswer(token: string, headers: Record<string, string> = {}): Promise<Response> {
  return sharePage(apiRequest("GET", `/s/${token}`, { headers: { "user-agent": BROWSER, ...headers } }), { params: Promise.resolve({ token }) });
}

/** The share page as a viewer gets it, or null for the 404 page (in either case without a cookie set). */
async function pageOf(token: string): Promise<string | null> {
  const response = await pageAnswer(token);
  expect(response.headers.get("set-cookie")).toBeNull();
  expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
  const html = await response.text();
  if (response.status === 404) {
    expect(html).toContain("This link shows nothing");
    return null;
  }
  expect(response.status).toBe(200);
  return html;
}

const headerText = (response: Response) => [...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n");

describe("making a share link", () => {
  it("answers 201 with an absolute /s/{token} link whose token is 256 random bits, not the file's id, stored only hashed and sealed", async () => {
    const { user, cookie } = await signedInUser();
    const file = await signedResult(user);
    const share = await shareOf(cookie, { fileId: file.id, caption: "  Dusk  ", showPrompt: true, expiresIn: "30d" });
    expect(share).toMatchObject({ caption: "Dusk", prompt: PROMPT, indexable: false, views: 0, revokedAt: null, status: "active" });
    const url = new URL(share.url);
    expect(url.origin).toBe(appOrigin());
    expect(url.pathname).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(share);
    expect(share.url).not.toContain(file.id);
    expect(share.thumbnailUrl).toBe(`/s/${token}/image`);
    expect(new Date(share.expiresAt!).getTime() - Date.now()).toBeGreaterThan(29.9 * 86_400_000);

    const row = await db.share.findUniqueOrThrow({ where: { id: share.id }, include: { file: true } });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(row.tokenSealed).not.toContain(token);
    expect(row.sourceFileId).toBe(file.id);
    expect(row.fileId).not.toBe(file.id);
    // The copy is a private file of the owner's that lives exactly as long as the link.
    expect(row.file).toMatchObject({ userId: user.id, isPrivate: true });
    expect(row.file.expiresAt?.getTime()).toBe(row.expiresAt?.getTime());
  });

  it("keeps the prompt off the page unless the owner shows it, and a never-expiring link's copy never expires", async () => {
    const { user, cookie } = await signedInUser();
    const share = await shareOf(cookie, { fileId: (await signedResult(user)).id, expiresIn: "never" });
    expect(share).toMatchObject({ prompt: null, caption: null, expiresAt: null });
    const row = await db.share.findUniqueOrThrow({ where: { id: share.id }, include: { file: true } });
    expect(row.file.expiresAt).toBeNull();
    expect(await pageOf(tokenOf(share))).not.toContain(PROMPT);
  });

  it("shares a gallery copy with the prompt and AI label of the operation that made its bytes", async () => {
    const { user, cookie } = await signedInUser();
    const result = await signedResult(user, { width: 300, height: 200 });
    const bytes = (await blobStore().get(result.storageKey))!.body;
    const copy = await storeImage({ buffer: bytes, contentType: "image/png", width: 300, height: 200 }, { userId: user.id, isPrivate: true, ttlDays: null });
    await db.savedImage.create({ data: { userId: user.id, fileId: copy.id, filename: "Dusk", tool: "text_to_image", fileSize: copy.byteSize } });
    const share = await shareOf(cookie, { fileId: copy.id, showPrompt: true });
    expect(share.prompt).toBe(PROMPT);
    expect((await findPublicShare(tokenOf(share)))?.ai).toBe("made");
  });

  it("refuses a guest (401) and answers 404 for someone else's file, a missing one, or one an operator removed", async () => {
    const { user } = await signedInUser();
    const file = await signedResult(user, { width: 40, height: 30 });
    const guest = await createAs(undefined, { fileId: file.id, expiresIn: "1d" });
    expect(guest.status).toBe(401);
    expect(await guest.json()).toMatchObject({ error: "unauthorized" });

    const other = await signedInUser();
    const theirs = await createAs(other.cookie, { fileId: file.id, expiresIn: "1d" });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ error: "file_not_found" });
    // A public file is visible to anyone, but only its owner may publish it.
    await db.storedFile.update({ where: { id: file.id }, data: { isPrivate: false } });
    expect((await createAs(other.cookie, { fileId: file.id, expiresIn: "1d" })).status).toBe(404);
    expect((await createAs(other.cookie, { fileId: "A".repeat(24), expiresIn: "1d" })).status).toBe(404);

    const owner = await signedInUser();
    const removed = await signedResult(owner.user, { width: 40, height: 30 });
    await db.storedFile.update({ where: { id: removed.id }, data: { removedAt: new Date() } });
    expect((await createAs(owner.cookie, { fileId: removed.id, expiresIn: "1d" })).status).toBe(404);
    expect(await db.share.count({ where: { userId: { in: [other.user.id, owner.user.id] } } })).toBe(0);
  });

  it.each([
    ["no fileId", { expiresIn: "1d" }],
    ["an unknown expiry", { fileId: "x", expiresIn: "2d" }],
    ["no expiry", { fileId: "x" }],
    ["a caption over 280 characters", { fileId: "x", expiresIn: "1d", caption: "a".repeat(281) }],
    ["a caption with control characters", { fileId: "x", expiresIn: "1d", caption: "a\u0007b" }],
    ["indexable as a string", { fileId: "x", expiresIn: "1d", indexable: "yes" }],
    ["a list instead of an object", [1, 2]],
  ])("refuses %s with a 400 and a message", async (_name, body) => {
    const { cookie } = await signedInUser();
    const response = await createAs(cookie, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request", message: expect.any(String) });
  });

  it("refuses a result waiting for review (409)", async () => {
    const { user, cookie } = await signedInUser();
    const file = await signedResult(user, { width: 40, height: 30 });
    await db.operation.updateMany({ where: { resultFileId: file.id }, data: { reviewStatus: "pending" } });
    const response = await createAs(cookie, { fileId: file.id, expiresIn: "1d" });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: "under_review" });
  });

  it(`allows ${SHARES_PER_HOUR} links an hour per account, then answers 429 with Retry-After`, async () => {
    const { user, cookie } = await signedInUser();
    const file = await signedResult(user, { width: 40, height: 30 });
    await db.rateLimitBucket.create({ data: { key: `share:user:${user.id}`, hits: SHARES_PER_HOUR, resetAt: new Date(Date.now() + 3_600_000) } });
    const response = await createAs(cookie, { fileId: file.id, expiresIn: "1d" });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is open to API keys for making, listing and revoking", async () => {
    const { user, cookie } = await signedInUser();
    const { key } = await apiKeyFor(cookie);
    const file = await signedResult(user, { width: 40, height: 30 });
    const made = await create(keyRequest("POST", "/api/shares", key, { body: { fileId: file.id, expiresIn: "1d" } }));
    expect(made.status).toBe(201);
    const share = (await made.json()) as ShareView;
    const listed = await list(keyRequest("GET", "/api/shares", key));
    expect(((await listed.json()) as { shares: ShareView[] }).shares.map((each) => each.id)).toEqual([share.id]);
    const revoked = await revoke(keyRequest("DELETE", `/api/shares/${share.id}`, key), { params: Promise.resolve({ id: share.id }) });
    expect(revoked.status).toBe(204);
  });
});

describe("what a share serves", () => {
  it("serves only the derived copy: other bytes, at most 2048 px, light caching, noindex, no cookie, nothing of the original", async () => {
    const { user, cookie } = await signedInUser();
    const file = await signedResult(user);
    const original = (await blobStore().get(file.storageKey))!.body;
    const share = await shareOf(cookie, { fileId: file.id });
    const response = await imageOf(tokenOf(share));
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(original)).toBe(false);
    const seen = await sharp(bytes).metadata();
    expect(Math.max(seen.width!, seen.height!)).toBe(2048);
    expect(seen.format).toBe("jpeg");
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1]);
    expect(response.headers.get("cache-control")).toMatch(/^public/);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(60);
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("location")).toBeNull();
    const copy = await db.share.findUniqueOrThrow({ where: { id: share.id }, include: { file: true } });
    for (const secret of [file.id, file.storageKey, copy.file.id, copy.file.storageKey]) {
      expect(headerText(response)).not.toContain(secret);
    }
    const page = await pageAnswer(tokenOf(share));
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    for (const secret of [file.id, file.storageKey, copy.file.id, copy.file.storageKey]) expect(headerText(page)).not.toContain(secret);
    const html = await page.text();
    expect(html).toContain(`src="/s/${tokenOf(share)}/image"`);
    expect(html).toContain('width="2048"');
    for (const secret of [file.id, file.storageKey, copy.file.id, copy.file.storageKey, "/api/files/"]) expect(html).not.toContain(secret);
  });

  it("makes an opaque picture with an unused alpha channel a JPEG", async () => {
    const { user, cookie } = await signedInUser();
    const picture = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 1 } } })
      .png()
      .toBuffer();
    const file = await storeImage({ buffer: picture, contentType: "image/png", width: 64, height: 48 }, { userId: user.id, isPrivate: true, ttlDays: 1 });
    const response = await imageOf(tokenOf(await shareOf(cookie, { fileId: file.id })));
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
  });

  it("keeps a transparent picture a PNG, and keeps a small one's size", async () => {
    const { user, cookie } = await signedInUser();
    const picture = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const file = await storeImage({ buffer: picture, contentType: "image/png", width: 64, height: 48 }, { userId: user.id, isPrivate: true, ttlDays: 1 });
    const response = await imageOf(tokenOf(await shareOf(cookie, { fileId: file.id })));
    expect(response.headers.get("content-type")).toBe("image/png");
    const seen = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(seen).toMatchObject({ format: "png", width: 64, height: 48, hasAlpha: true });
  });

  it("keeps the copy's Content Credentials: /verify reads it as signed by this installation, made with AI, with the original as a signed ingredient", async () => {
    const { user, cookie } = await signedInUser();
    const share = await shareOf(cookie, { fileId: (await signedResult(user)).id });
    const bytes = Buffer.from(await (await imageOf(tokenOf(share))).arrayBuffer());
    const request = multipartRequest("/api/verify", undefined, { image: blob(bytes, "image/jpeg") });
    request.headers.set("x-forwarded-for", uniqueIp());
    const answer = await verify(request);
    expect(answer.status).toBe(200);
    const read = (await answer.json()) as CredentialsReport;
    expect(read).toMatchObject({
      hasCredentials: true,
      format: "image/jpeg",
      ai: "made",
      validation: { state: "valid", changedSinceSigned: false, failures: [] },
      iptcDigitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia",
    });
    expect(read.signer).toMatchObject({ trusted: true, installationRoot: true });
    expect(read.actions.map((action) => action.action)).toEqual(expect.arrayContaining(["c2pa.opened", "c2pa.resized"]));
    expect(read.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", hasCredentials: true })]);
  });

  it("shows the page with the caption, the prompt when chosen, the AI label, Made with Pictura, /verify and the report link to this share, and no script", async () => {
    const { user, cookie } = await signedInUser();
    const share = await shareOf(cookie, { fileId: (await signedResult(user, { width: 80, height: 60 })).id, caption: 'Dusk <b>"x"', showPrompt: true });
    const html = (await pageOf(tokenOf(share)))!;
    expect(html).toContain("<h1>Dusk &lt;b&gt;&quot;x&quot;</h1>");
    expect(html).not.toContain("<b>");
    expect(html).toContain(PROMPT);
    expect(html).toContain('data-ai="made">Made with AI</p>');
    expect(html).toContain("Made with Pictura</a>");
    expect(html).toContain('href="/verify"');
    expect(html).toContain(`href="/report?url=${encodeURIComponent(share.url)}"`);
    expect(html).not.toMatch(/<script/i);
    // It unfurls with the shared copy, at its absolute address.
    expect(html).toContain(`<meta property="og:image" content="${appOrigin()}/s/${tokenOf(share)}/image">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("has one address in every language: the proxy neither redirects nor rewrites it to a language, and moves a language-prefixed one there", () => {
    for (const path of ["/s/abc", "/s/abc/image"]) {
      const response = proxy(new NextRequest(`http://localhost:3000${path}`, { headers: { "accept-language": "es", "cf-ipcountry": "ES" } }));
      expect(response.headers.get("location")).toBeNull();
      expect(response.headers.get("x-middleware-rewrite")).toBeNull();
      expect(response.headers.get("x-middleware-next")).toBe("1");
    }
    const prefixed = proxy(new NextRequest("http://localhost:3000/es/s/abc?x=1"));
    expect(prefixed.status).toBe(308);
    expect(prefixed.headers.get("location")).toBe("http://localhost:3000/s/abc?x=1");
  });

  it("speaks the viewer's language: their saved choice, their country, then their browser's", async () => {
    const { user, cookie } = await signedInUser();
    const token = tokenOf(await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id }));
    const german = await (await pageAnswer(token, { "accept-language": "de-DE,de;q=0.9" })).text();
    expect(german).toContain('<html lang="de">');
    expect(german).toContain("Mit KI erstellt");
    expect(german).toContain('href="/de/verify"');
    expect(await (await pageAnswer(token, { "cf-ipcountry": "JP", "accept-language": "de" })).text()).toContain('<html lang="ja">');
    expect(await (await pageAnswer(token, { cookie: "NEXT_LOCALE=fr", "cf-ipcountry": "JP" })).text()).toContain('<html lang="fr">');
    const missing = await pageAnswer("nothing-here", { "accept-language": "es" });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Este enlace no muestra nada");
  });

  it("counts each page view on the share alone, and not a view of the image", async () => {
    const { user, cookie } = await signedInUser();
    const share = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id });
    const token = tokenOf(share);
    await pageOf(token);
    await pageOf(token);
    await imageOf(token);
    const listed = (await (await list(apiRequest("GET", "/api/shares", { cookie }))).json()) as { shares: ShareView[] };
    expect(listed.shares[0]).toMatchObject({ id: share.id, views: 2 });
  });

  it("does not count a link preview, a crawler, a script or a HEAD as a view, though each gets the page", async () => {
    const { user, cookie } = await signedInUser();
    const share = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id });
    const token = tokenOf(share);
    const automated = [
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
      "WhatsApp/2.24.6.77 A",
      "TelegramBot (like TwitterBot)",
      "facebookexternalhit/1.1 Facebot Twitterbot/1.0",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      "http.rb/5.1.1 (Mastodon/4.3.0; +https://mastodon.social/) Bot",
      "curl/8.5.0",
    ];
    for (const userAgent of automated) {
      const response = await pageAnswer(token, { "user-agent": userAgent });
      expect({ userAgent, status: response.status }).toEqual({ userAgent, status: 200 });
      expect(await response.text()).toContain("<img");
    }
    const bare = await sharePage(apiRequest("GET", `/s/${token}`), { params: Promise.resolve({ token }) });
    expect(bare.status).toBe(200);
    const head = await sharePageHead(apiRequest("HEAD", `/s/${token}`, { headers: { "user-agent": BROWSER } }), { params: Promise.resolve({ token }) });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const before = (await (await list(apiRequest("GET", "/api/shares", { cookie }))).json()) as { shares: ShareView[] };
    expect(before.shares[0]).toMatchObject({ id: share.id, views: 0 });
    await pageOf(token);
    const after = (await (await list(apiRequest("GET", "/api/shares", { cookie }))).json()) as { shares: ShareView[] };
    expect(after.shares[0]).toMatchObject({ id: share.id, views: 1 });
  });

  it("answers 404 once revoked, for the page and the image, and lists the link as revoked", async () => {
    const { user, cookie } = await signedInUser();
    const share = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id });
    const token = tokenOf(share);
    expect((await imageOf(token)).status).toBe(200);
    const other = await signedInUser();
    const notTheirs = await revoke(apiRequest("DELETE", `/api/shares/${share.id}`, { cookie: other.cookie }), { params: Promise.resolve({ id: share.id }) });
    expect(notTheirs.status).toBe(404);
    expect((await imageOf(token)).status).toBe(200);
    const revoked = await revoke(apiRequest("DELETE", `/api/shares/${share.id}`, { cookie }), { params: Promise.resolve({ id: share.id }) });
    expect(revoked.status).toBe(204);
    expect((await imageOf(token)).status).toBe(404);
    expect(await pageOf(token)).toBeNull();
    const listed = (await (await list(apiRequest("GET", "/api/shares", { cookie }))).json()) as { shares: ShareView[] };
    expect(listed.shares[0]).toMatchObject({ id: share.id, status: "revoked", revokedAt: expect.any(String) });
  });

  it.each([
    ["expired", { expiresAt: new Date(Date.now() - 1000) }, "expired"],
    ["hidden pending review", { hiddenAt: new Date() }, "hidden"],
  ] as const)("answers 404 once %s", async (_name, change, status) => {
    const { user, cookie } = await signedInUser();
    const share = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id });
    await db.share.update({ where: { id: share.id }, data: change });
    expect((await imageOf(tokenOf(share))).status).toBe(404);
    expect(await pageOf(tokenOf(share))).toBeNull();
    const listed = (await (await list(apiRequest("GET", "/api/shares", { cookie }))).json()) as { shares: ShareView[] };
    expect(listed.shares[0]!.status).toBe(status);
  });

  it("answers 404 when its copy was removed after review, and while its owner is suspended", async () => {
    const { user, cookie } = await signedInUser();
    const removed = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id });
    await db.storedFile.update({ where: { id: (await db.share.findUniqueOrThrow({ where: { id: removed.id } })).fileId }, data: { removedAt: new Date() } });
    expect((await imageOf(tokenOf(removed))).status).toBe(404);

    const live = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id });
    await db.user.update({ where: { id: user.id }, data: { suspendedAt: new Date(), suspensionCategory: "other" } });
    expect((await imageOf(tokenOf(live))).status).toBe(404);
    expect(await pageOf(tokenOf(live))).toBeNull();
    await db.user.update({ where: { id: user.id }, data: { suspendedAt: null, suspensionCategory: null } });
    expect((await imageOf(tokenOf(live))).status).toBe(200);
  });

  it("answers 404 for the page and the image when its copy is missing from storage, rather than a page with a broken picture", async () => {
    const { user, cookie } = await signedInUser();
    const share = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id });
    const token = tokenOf(share);
    expect(await pageOf(token)).not.toBeNull();
    const { file } = await db.share.findUniqueOrThrow({ where: { id: share.id }, include: { file: true } });
    await blobStore().delete(file.storageKey);
    expect(await pageOf(token)).toBeNull();
    expect((await imageOf(token)).status).toBe(404);
    expect(await findPublicShare(token)).toBeNull();
  });

  it("tells search engines not to index unless the owner allowed it", async () => {
    const { user, cookie } = await signedInUser();
    const closed = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id });
    const open = await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id, indexable: true });
    expect(open.indexable).toBe(true);
    expect((await imageOf(tokenOf(closed))).headers.get("x-robots-tag")).toBe("noindex");
    expect((await imageOf(tokenOf(open))).headers.get("x-robots-tag")).toBeNull();
    const closedPage = await pageAnswer(tokenOf(closed));
    expect(closedPage.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await closedPage.text()).toContain('<meta name="robots" content="noindex, nofollow">');
    const openPage = await pageAnswer(tokenOf(open));
    expect(openPage.headers.get("x-robots-tag")).toBeNull();
    expect(await openPage.text()).toContain('<meta name="robots" content="index, follow">');
  });

  it("answers a guessed token 404 in about the time a wrong one takes, whatever its form", async () => {
    const { user, cookie } = await signedInUser();
    const token = tokenOf(await shareOf(cookie, { fileId: (await signedResult(user, { width: 40, height: 30 })).id }));
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const guesses = { wrong, random: "Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXg", short: "x", odd: "../..%2F*" };
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
    for (const answer of [imageOf, pageAnswer]) {
      const times: Record<string, number[]> = Object.fromEntries(Object.keys(guesses).map((name) => [name, []]));
      for (let round = 0; round < 25; round += 1) {
        for (const [name, guess] of Object.entries(guesses)) {
          const started = process.hrtime.bigint();
          const response = await answer(guess);
          times[name]!.push(Number(process.hrtime.bigint() - started));
          expect(response.status).toBe(404);
        }
      }
      const medians = Object.values(times).map(median);
      expect(Math.max(...medians) / Math.min(...medians)).toBeLessThan(3);
    }
  });
});
