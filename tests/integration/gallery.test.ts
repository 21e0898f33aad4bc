import sharp from "sharp";
import { DELETE as deleteImage } from "@/app/api/saved-images/[id]/route";
import { GET as list, POST as save } from "@/app/api/saved-images/route";
import { GET as storageInfo } from "@/app/api/saved-images/storage-info/route";
import { db } from "@/lib/db";
import { fileUrl, storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { apiRequest, signedInUser } from "./helpers";
import { dataUrl, fetchFile } from "./imaging-helpers";

jest.setTimeout(60_000);

async function resultFor(userId: string, colour = "#cc3366") {
  const buffer = await sharp({ create: { width: 4, height: 3, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const file = await storeImage({ buffer, contentType: "image/png", width: 4, height: 3 }, { userId, isPrivate: true, ttlDays: 30 });
  return fileUrl(file);
}

const payload = (imageUrl: string, filename = "Sunset") => ({ imageUrl, originalPrompt: "a sunset", tool: "text_to_image", filename, fileSize: 123 });

function saveAs(cookie: string, body: unknown) {
  return save(apiRequest("POST", "/api/saved-images", { cookie, body }));
}

async function fillGallery(userId: string, count: number) {
  // Older images, made directly so the limit tests stay quick.
  for (let index = 0; index < count; index += 1) {
    const url = await resultFor(userId);
    const file = await db.storedFile.findUniqueOrThrow({ where: { id: url.split("/").pop()! } });
    await db.savedImage.create({
      data: {
        userId,
        fileId: file.id,
        filename: `old-${index}`,
        tool: "text_to_image",
        fileSize: file.byteSize,
        createdAt: new Date(Date.now() - (count - index) * 60_000),
      },
    });
  }
}

describe("saved images", () => {
  it("tells each tier whether it can save and how much room it has", async () => {
    for (const [tier, limit] of [
      ["trial", 0],
      ["free", 0],
      ["essential", 25],
      ["pro", 100],
    ] as const) {
      const { cookie } = await signedInUser({ tier });
      const info = await (await storageInfo(apiRequest("GET", "/api/saved-images/storage-info", { cookie }))).json();
      expect(info).toEqual({ canSave: limit > 0, storageUsed: 0, storageLimit: limit, tier });
    }
    expect((await storageInfo(apiRequest("GET", "/api/saved-images/storage-info"))).status).toBe(401);
  });

  it("saves its own copy for an Essential user, which outlives the result it came from", async () => {
    const { user, cookie } = await signedInUser({ tier: "essential" });
    const source = await resultFor(user.id);
    const response = await saveAs(cookie, payload(source, "  My sunset  "));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.deletedOldest).toBe(false);
    const [image] = await (await list(apiRequest("GET", "/api/saved-images", { cookie }))).json();
    expect(image).toMatchObject({ filename: "My sunset", tool: "text_to_image", originalPrompt: "a sunset", width: 4, height: 3 });
    expect(image.imageUrl).not.toBe(source);

    await db.storedFile.update({ where: { id: source.split("/").pop()! }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await fetchFile(source, cookie)).status).toBe(404);
    const copy = await fetchFile(image.imageUrl, cookie);
    expect(copy.status).toBe(200);
    expect((await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).width).toBe(4);
  });

  it("saves an image the browser made (a data URL), e.g. a text overlay", async () => {
    const { cookie } = await signedInUser({ tier: "pro" });
    const png = await sharp({ create: { width: 5, height: 5, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const response = await saveAs(cookie, { ...payload(dataUrl(png), "overlay"), tool: "text_overlay", originalPrompt: null });
    expect(response.status).toBe(200);
  });

  it("refuses free and trial users with the spec's message, and guests with 401", async () => {
    for (const tier of ["trial", "free"] as const) {
      const { user, cookie } = await signedInUser({ tier });
      const response = await saveAs(cookie, payload(await resultFor(user.id)));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: "upgrade_required",
        message: "Free users cannot save images. Upgrade to Essential or Pro to save your creations.",
      });
    }
    expect((await save(apiRequest("POST", "/api/saved-images", { body: payload("/api/files/abcdefghijklmnopqrstuvwx") }))).status).toBe(401);
  });

  it("deletes the oldest image on the 26th save of an Essential user, leaving 25", async () => {
    const { user, cookie } = await signedInUser({ tier: "essential" });
    await fillGallery(user.id, 25);
    const oldest = await db.savedImage.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "asc" }, include: { file: true } });
    const response = await saveAs(cookie, payload(await resultFor(user.id), "newest"));
    expect(await response.json()).toMatchObject({ deletedOldest: true });
    expect(await db.savedImage.count({ where: { userId: user.id } })).toBe(25);
    expect(await db.savedImage.findUnique({ where: { id: oldest.id } })).toBeNull();
    expect(await db.storedFile.findUnique({ where: { id: oldest.fileId } })).toBeNull();
    expect(await blobStore().get(oldest.file.storageKey)).toBeNull();
    const images = await (await list(apiRequest("GET", "/api/saved-images", { cookie }))).json();
    expect(images[0].filename).toBe("newest");
  });

  it("leaves exactly the limit after 10 concurrent saves at the limit", async () => {
    const { user, cookie } = await signedInUser({ tier: "essential" });
    await fillGallery(user.id, 25);
    const sources = await Promise.all(Array.from({ length: 10 }, () => resultFor(user.id)));
    const responses = await Promise.all(sources.map((source, index) => saveAs(cookie, payload(source, `race-${index}`))));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    expect(await db.savedImage.count({ where: { userId: user.id } })).toBe(25);
    expect(await db.savedImage.count({ where: { userId: user.id, filename: { startsWith: "race-" } } })).toBe(10);
  });

  it("never shows or deletes another user's image, nor saves their file", async () => {
    const owner = await signedInUser({ tier: "pro" });
    await saveAs(owner.cookie, payload(await resultFor(owner.user.id)));
    const [image] = await (await list(apiRequest("GET", "/api/saved-images", { cookie: owner.cookie }))).json();
    const other = await signedInUser({ tier: "pro" });
    expect(await (await list(apiRequest("GET", "/api/saved-images", { cookie: other.cookie }))).json()).toEqual([]);
    const stolen = await deleteImage(apiRequest("DELETE", `/api/saved-images/${image.id}`, { cookie: other.cookie }), {
      params: Promise.resolve({ id: image.id }),
    });
    expect(stolen.status).toBe(404);
    expect((await fetchFile(image.imageUrl, other.cookie)).status).toBe(404);
    expect((await saveAs(other.cookie, payload(image.imageUrl))).status).toBe(404);
    expect(await db.savedImage.count({ where: { userId: other.user.id } })).toBe(0);

    const deleted = await deleteImage(apiRequest("DELETE", `/api/saved-images/${image.id}`, { cookie: owner.cookie }), {
      params: Promise.resolve({ id: image.id }),
    });
    expect(deleted.status).toBe(200);
    expect(await db.savedImage.count({ where: { userId: owner.user.id } })).toBe(0);
    expect((await fetchFile(image.imageUrl, owner.cookie)).status).toBe(404);
  });

  it.each([
    [{ filename: "   " }, "Please enter a filename"],
    [{ filename: undefined }, "Please enter a filename"],
    [{ tool: "painting" }, "Unknown tool."],
    [{ imageUrl: "https://example.com/cat.png" }, "imageUrl must be one of your images."],
    [{ filename: "a/b" }, "The filename cannot contain slashes or control characters."],
  ])("answers the bad payload %p with 400 and writes nothing", async (change, message) => {
    const { user, cookie } = await signedInUser({ tier: "essential" });
    const response = await saveAs(cookie, { ...payload(await resultFor(user.id)), ...change });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(await db.savedImage.count({ where: { userId: user.id } })).toBe(0);
  });
});
