// The console's review of results the image check flagged: the list (behind the console's gate, one
// status at a time, paged), approving one, and removing one, which hides the picture from everyone,
// its owner included, wherever it was served, deletes its bytes, drops its gallery copy, keeps the
// credit spent, audits the decision and mails the owner a statement of reasons in their language.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { GET as reviewImage } from "@/app/api/admin/review/[id]/image/route";
import { POST as decide } from "@/app/api/admin/review/[id]/route";
import { GET as reviewList } from "@/app/api/admin/review/route";
import { GET as file } from "@/app/api/files/[id]/route";
import { GET as recent } from "@/app/api/operations/recent/route";
import { GET as operationView } from "@/app/api/operations/[id]/route";
import { GET as gallery, POST as saveToGallery } from "@/app/api/saved-images/route";
import { db } from "@/lib/db";
import { storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { usingSiteMailbox } from "./site-mailbox";
import { adminSession, callAdmin } from "./admin-helpers";
import { apiRequest, signedInUser } from "./helpers";

const REASON = "Explicit picture confirmed by the on-call reviewer";
const SCORES = {
  model: "nsfwjs MobileNetV2",
  threshold: 0.85,
  mode: "flag",
  inputs: [{ Drawing: 0.01, Hentai: 0.01, Neutral: 0.9, Porn: 0.05, Sexy: 0.03 }],
  result: { Drawing: 0.01, Hentai: 0.04, Neutral: 0.02, Porn: 0.9, Sexy: 0.03 },
};

const mailbox = usingSiteMailbox();

let shade = 0;
/** A succeeded generation whose result the check flagged, as the worker leaves it under MODERATION=flag. */
async function flaggedResult(userId: string | null, options: { createdAt?: Date; reviewStatus?: "pending" | "approved" | "removed" } = {}) {
  shade = (shade + 37) % 256;
  const buffer = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade, g: 90, b: 140 } } })
    .png()
    .toBuffer();
  const result = await storeImage({ buffer, contentType: "image/png", width: 8, height: 8 }, { userId, isPrivate: userId !== null, ttlDays: 30 });
  const operation = await db.operation.create({
    data: {
      userId,
      kind: "generate",
      provider: "local",
      status: "succeeded",
      cost: 1,
      prompt: "a portrait at the beach",
      resultFileId: result.id,
      contentScores: SCORES,
      reviewStatus: options.reviewStatus ?? "pending",
      completedAt: new Date(),
      createdAt: options.createdAt,
    },
  });
  return { operation, result };
}

const listAs = (cookie: string | undefined, query = "") => reviewList(apiRequest("GET", `/api/admin/review${query}`, { cookie }));
/** A decision as the console sends it, with a fresh Idempotency-Key unless given one (or null for none). */
const decideAs = (cookie: string, operationId: string, body: unknown, idempotencyKey: string | null = randomUUID()) =>
  callAdmin(decide, "POST", `/api/admin/review/${operationId}`, { id: operationId }, { cookie, body, idempotencyKey: idempotencyKey ?? undefined });
const fileAs = (id: string, cookie?: string) => file(apiRequest("GET", `/api/files/${id}`, { cookie }), { params: Promise.resolve({ id }) });

describe("the review list", () => {
  it("is behind the console's gate: 404 for a guest and a user, second factor asked of an admin without one", async () => {
    const { cookie: userCookie } = await signedInUser();
    const { cookie: halfAdmin } = await adminSession({ secondFactor: false });
    for (const response of [await listAs(undefined), await listAs(userCookie)]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "not_found", message: "Not found." });
    }
    const refused = await listAs(halfAdmin);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toBe("second_factor_required");
    const { operation } = await flaggedResult(null);
    const image = await reviewImage(apiRequest("GET", `/api/admin/review/${operation.id}/image`, { cookie: userCookie }), {
      params: Promise.resolve({ id: operation.id }),
    });
    expect(image.status).toBe(404);
  });

  it("lists the pending ones with account, tool, prompt, scores and a gated picture, a page at a time", async () => {
    const { cookie } = await adminSession();
    const { user } = await signedInUser();
    const base = Date.now() + 60_000;
    const older = await flaggedResult(user.id, { createdAt: new Date(base) });
    const newer = await flaggedResult(user.id, { createdAt: new Date(base + 1000) });
    const decided = await flaggedResult(user.id, { createdAt: new Date(base + 2000), reviewStatus: "approved" });
    const first = await listAs(cookie, "?limit=1");
    expect(first.status).toBe(200);
    const page = (await first.json()) as { items: Array<Record<string, unknown>>; nextCursor: string };
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: newer.operation.id,
      userEmail: user.email,
      kind: "generate",
      prompt: "a portrait at the beach",
      reviewStatus: "pending",
      imageUrl: `/api/admin/review/${newer.operation.id}/image`,
      scores: { model: "nsfwjs MobileNetV2", threshold: 0.85, mode: "flag" },
    });
    const images = (page.items[0]!.scores as { images: Array<{ image: string; explicit: number }> }).images;
    expect(images.map((image) => [image.image, image.explicit])).toEqual([
      ["result", 0.94],
      ["input", 0.06],
    ]);
    const second = (await (await listAs(cookie, `?limit=1&cursor=${page.nextCursor}`)).json()) as { items: Array<{ id: string }> };
    expect(second.items[0]!.id).toBe(older.operation.id);
    const approved = (await (await listAs(cookie, "?status=approved")).json()) as { items: Array<{ id: string }> };
    expect(approved.items.map((item) => item.id)).toContain(decided.operation.id);
    expect(approved.items.map((item) => item.id)).not.toContain(newer.operation.id);
    // The picture comes through the console, never from a public link; the owner's file is private.
    const picture = await reviewImage(apiRequest("GET", `/api/admin/review/${newer.operation.id}/image`, { cookie }), {
      params: Promise.resolve({ id: newer.operation.id }),
    });
    expect([picture.status, picture.headers.get("content-type"), picture.headers.get("cache-control")]).toEqual([200, "image/png", "private, no-store"]);
    expect((await fileAs(newer.result.id)).status).toBe(404);
  });

  it("answers a bad status, limit or cursor with 400", async () => {
    const { cookie } = await adminSession();
    for (const query of ["?status=open", "?limit=0", "?cursor=not-one-of-ours"]) expect((await listAs(cookie, query)).status).toBe(400);
  });
});

describe("a decision", () => {
  it("approves: the picture stays, the decision is audited and nobody is mailed", async () => {
    const { cookie, user: admin } = await adminSession();
    const { user, cookie: ownerCookie } = await signedInUser();
    const { operation, result } = await flaggedResult(user.id);
    const mailsBefore = mailbox().received.length;
    const answer = await decideAs(cookie, operation.id, { decision: "approve", reason: REASON });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ operationId: operation.id, reviewStatus: "approved", mailed: false });
    const row = await db.operation.findUniqueOrThrow({ where: { id: operation.id } });
    expect(row.reviewStatus).toBe("approved");
    expect(row.reviewedAt).toBeInstanceOf(Date);
    expect((await fileAs(result.id, ownerCookie)).status).toBe(200);
    const audit = await db.auditLog.findMany({ where: { targetType: "operation", targetId: operation.id } });
    expect(audit.map((entry) => [entry.action, entry.actorId, entry.reason])).toEqual([["review.approve", admin.id, REASON]]);
    expect(mailbox().received.length).toBe(mailsBefore);
  });

  it("removes: hidden everywhere for the owner too, bytes and gallery copy gone, credit kept, audited, statement mailed in German", async () => {
    const { cookie, user: admin } = await adminSession();
    const { user, cookie: ownerCookie } = await signedInUser({ tier: "pro" });
    await db.user.update({ where: { id: user.id }, data: { locale: "de" } });
    const { operation, result } = await flaggedResult(user.id);
    const saved = await saveToGallery(
      apiRequest("POST", "/api/saved-images", {
        cookie: ownerCookie,
        body: { imageUrl: `/api/files/${result.id}`, filename: "beach", tool: "text_to_image", description: "", originalPrompt: "a portrait at the beach" },
      }),
    );
    expect(saved.status).toBeLessThan(300);
    const copy = await db.savedImage.findFirstOrThrow({ where: { userId: user.id }, include: { file: true } });
    const galleryOf = async () => (await (await gallery(apiRequest("GET", "/api/saved-images", { cookie: ownerCookie }))).json()) as unknown[];
    expect(await galleryOf()).toHaveLength(1);
    expect((await fileAs(result.id, ownerCookie)).status).toBe(200);
    const creditsBefore = (await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits;

    const answer = await decideAs(cookie, operation.id, { decision: "remove", category: "sexual_content", reason: REASON });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ reviewStatus: "removed", mailed: true });

    const row = await db.operation.findUniqueOrThrow({ where: { id: operation.id }, include: { resultFile: true } });
    expect([row.reviewStatus, row.reviewedAt instanceof Date, row.resultFile?.removedAt instanceof Date]).toEqual(["removed", true, true]);
    // Every address that served it now answers 404, to its owner as to anyone.
    for (const id of [result.id, copy.fileId]) {
      expect((await fileAs(id, ownerCookie)).status).toBe(404);
      expect((await fileAs(id)).status).toBe(404);
      expect(await blobStore().get((await db.storedFile.findUniqueOrThrow({ where: { id } })).storageKey)).toBeNull();
    }
    // The mark alone hides it: bytes a failed delete left behind (or a bucket's redirect) serve nobody.
    await blobStore().put(result.storageKey, Buffer.from("left behind"), "image/png");
    expect((await fileAs(result.id, ownerCookie)).status).toBe(404);
    await blobStore().delete(result.storageKey);
    expect(await galleryOf()).toEqual([]);
    const history = (await (await recent(apiRequest("GET", "/api/operations/recent", { cookie: ownerCookie }))).json()) as Array<{ operationId: string }>;
    expect(history.map((entry) => entry.operationId)).not.toContain(operation.id);
    const view = await operationView(apiRequest("GET", `/api/operations/${operation.id}`, { cookie: ownerCookie }), {
      params: Promise.resolve({ id: operation.id }),
    });
    expect(((await view.json()) as { result: unknown }).result).toBeNull();
    const picture = await reviewImage(apiRequest("GET", `/api/admin/review/${operation.id}/image`, { cookie }), {
      params: Promise.resolve({ id: operation.id }),
    });
    expect(picture.status).toBe(404);
    // The work was done: the credit stays spent.
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).credits).toBe(creditsBefore);
    expect(await db.creditTransaction.count({ where: { userId: user.id, kind: "refund" } })).toBe(0);

    const [audit] = await db.auditLog.findMany({ where: { targetType: "operation", targetId: operation.id } });
    expect(audit).toMatchObject({
      action: "review.remove",
      actorType: "admin",
      actorId: admin.id,
      reason: REASON,
      before: { reviewStatus: "pending" },
      after: { reviewStatus: "removed", userId: user.id, category: "sexual_content", fileId: result.id, removedFiles: 2 },
    });

    const mail = await mailbox().waitFor(user.email);
    const text = mail.parsed.text ?? "";
    expect(mail.parsed.subject).toBe("Wir haben eines deiner Pictura-Bilder entfernt");
    expect(text).toContain(operation.id);
    expect(text).toContain("KI-Bildeditor");
    expect(text).toContain("Sexuell explizite Inhalte");
    expect(text).toContain(REASON);
    expect(text).toContain("Unsere automatische Bildprüfung hat es zur Prüfung markiert.");
    expect(text).toContain("Eine Person aus unserem Team hat es geprüft und die Entscheidung getroffen");
    expect(text).toContain("support@pictura.app");
    expect(mail.parsed.html).toContain('href="mailto:support@pictura.app"');
  });

  it("removes a guest's result without mailing anyone", async () => {
    const { cookie } = await adminSession();
    const { operation, result } = await flaggedResult(null);
    const mailsBefore = mailbox().received.length;
    const answer = await decideAs(cookie, operation.id, { decision: "remove", category: "other", reason: REASON });
    expect(answer.body).toMatchObject({ reviewStatus: "removed", mailed: false });
    expect((await fileAs(result.id)).status).toBe(404);
    expect(mailbox().received.length).toBe(mailsBefore);
  });

  it("refuses a second decision with 409, and replays the same Idempotency-Key's answer", async () => {
    const { cookie } = await adminSession();
    const { operation } = await flaggedResult(null);
    const key = randomUUID();
    const first = await decideAs(cookie, operation.id, { decision: "approve", reason: REASON }, key);
    expect(first.status).toBe(200);
    expect(await decideAs(cookie, operation.id, { decision: "approve", reason: REASON }, key)).toEqual(first);
    const second = await decideAs(cookie, operation.id, { decision: "remove", category: "other", reason: REASON });
    expect(second.status).toBe(409);
    expect(second.body.error).toBe("review_already_decided");
    const clicks = await Promise.all([
      flaggedResult(null).then(({ operation: raced }) =>
        Promise.all([
          decideAs(cookie, raced.id, { decision: "approve", reason: REASON }),
          decideAs(cookie, raced.id, { decision: "remove", category: "other", reason: REASON }),
        ]),
      ),
    ]);
    expect(clicks[0]!.map((click) => click.status).sort()).toEqual([200, 409]);
    expect((await db.operation.findUniqueOrThrow({ where: { id: operation.id } })).reviewStatus).toBe("approved");
  });

  it("answers bad input with a clear 4xx and changes nothing", async () => {
    const { cookie } = await adminSession();
    const { operation } = await flaggedResult(null);
    const refusals = [
      await decideAs(cookie, operation.id, { decision: "keep", reason: REASON }),
      await decideAs(cookie, operation.id, { decision: "approve", reason: "short" }),
      await decideAs(cookie, operation.id, { decision: "remove", reason: REASON }),
      await decideAs(cookie, operation.id, { decision: "remove", category: "nudity", reason: REASON }),
      await decideAs(cookie, operation.id, { decision: "approve", reason: REASON }, null),
    ];
    expect(refusals.map((refusal) => refusal.status)).toEqual([400, 400, 400, 400, 400]);
    expect(refusals[4]!.body.error).toBe("idempotency_key_required");
    const unknown = await decideAs(cookie, "no-such-operation", { decision: "approve", reason: REASON });
    expect([unknown.status, unknown.body.error]).toEqual([404, "review_not_found"]);
    const { user } = await signedInUser();
    const unflagged = await db.operation.create({ data: { userId: user.id, kind: "generate", provider: "local", status: "succeeded" } });
    expect((await decideAs(cookie, unflagged.id, { decision: "approve", reason: REASON })).status).toBe(404);
    expect((await db.operation.findUniqueOrThrow({ where: { id: operation.id } })).reviewStatus).toBe("pending");
  });
});
