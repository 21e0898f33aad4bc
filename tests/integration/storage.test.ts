import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { db } from "@/lib/db";
import { deleteExpiredFiles } from "@/lib/storage/cleanup";
import { deleteStoredFile, fileIdFromUrl, fileUrl, storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { FakeS3 } from "../fakes/s3-server";
import { fetchFile } from "./imaging-helpers";
import { signedInUser } from "./helpers";
import { setSettings } from "../setup/settings";

const image = async () => ({
  buffer: await sharp({ create: { width: 3, height: 2, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer(),
  contentType: "image/png",
  width: 3,
  height: 2,
});

describe("file storage", () => {
  it("keeps files on disk by default and serves public ones to anyone, private ones to their owner", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pictura-files-"));
    setSettings({ STORAGE_DIR: dir });
    const { user, cookie } = await signedInUser();
    const open = await storeImage(await image(), { userId: null, isPrivate: false, ttlDays: 1 });
    const mine = await storeImage(await image(), { userId: user.id, isPrivate: true, ttlDays: null });
    const publicResponse = await fetchFile(fileUrl(open));
    expect(publicResponse.status).toBe(200);
    // A guest's file lives a day, and no cache keeps it longer.
    expect(publicResponse.headers.get("cache-control")).toMatch(/^public, max-age=(86400|8639\d), immutable$/);
    expect((await sharp(Buffer.from(await publicResponse.arrayBuffer())).metadata()).width).toBe(3);
    expect((await fetchFile(fileUrl(mine), cookie)).status).toBe(200);
    expect((await fetchFile(fileUrl(mine))).status).toBe(404);

    await db.storedFile.update({ where: { id: open.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await fetchFile(fileUrl(open))).status).toBe(404);
    expect(await blobStore().has(mine.storageKey)).toBe(true);
    await deleteStoredFile(mine);
    expect(await blobStore().has(mine.storageKey)).toBe(false);
    expect((await fetchFile(fileUrl(mine), cookie)).status).toBe(404);
    await rm(dir, { recursive: true, force: true });
  });

  it("uses an S3-compatible store, signed, when S3_BUCKET is set", async () => {
    const s3 = await new FakeS3().start();
    setSettings({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: "secret",
      S3_REGION: "eu-west-1",
    });
    try {
      const file = await storeImage(await image(), { userId: null, isPrivate: false, ttlDays: 1 });
      expect(s3.objects.get(file.storageKey)?.contentType).toBe("image/png");
      const response = await fetchFile(fileUrl(file));
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(s3.objects.get(file.storageKey)!.body)).toBe(true);
      expect(await blobStore().has(file.storageKey)).toBe(true);
      await deleteStoredFile(file);
      expect(s3.objects.has(file.storageKey)).toBe(false);
      expect(await blobStore().has(file.storageKey)).toBe(false);
      expect(s3.requests.map((request) => [request.method, request.auth])).toEqual([
        ["PUT", "header"],
        ["GET", "header"],
        ["HEAD", "header"],
        ["DELETE", "header"],
        ["HEAD", "header"],
      ]);
    } finally {
      await s3.stop();
    }
  });

  it("cleans up expired files, bytes and rows, and keeps the rest", async () => {
    const expired = await storeImage(await image(), { userId: null, isPrivate: false, ttlDays: 1 });
    const kept = await storeImage(await image(), { userId: null, isPrivate: false, ttlDays: 1 });
    const forever = await storeImage(await image(), { userId: null, isPrivate: false, ttlDays: null });
    const operation = await db.operation.create({ data: { kind: "convert", provider: "local", status: "succeeded", resultFileId: expired.id } });
    await db.storedFile.update({ where: { id: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });

    expect(await deleteExpiredFiles({ batchSize: 1 })).toBeGreaterThanOrEqual(1);
    expect(await db.storedFile.findUnique({ where: { id: expired.id } })).toBeNull();
    expect(await blobStore().get(expired.storageKey)).toBeNull();
    expect(await db.operation.findUniqueOrThrow({ where: { id: operation.id } })).toMatchObject({ status: "succeeded", resultFileId: null });
    for (const file of [kept, forever]) {
      expect(await db.storedFile.findUnique({ where: { id: file.id } })).not.toBeNull();
      expect(await blobStore().get(file.storageKey)).not.toBeNull();
    }
  });

  it("recognises only our own file URLs", () => {
    const id = "abcdefghijklmnopqrstuvwx";
    expect(fileIdFromUrl(`/api/files/${id}`)).toBe(id);
    expect(fileIdFromUrl(`https://pictura.example/api/files/${id}`, ["https://pictura.example"])).toBe(id);
    expect(fileIdFromUrl(`https://evil.example/api/files/${id}`, ["https://pictura.example"])).toBeNull();
    expect(fileIdFromUrl("/api/files/../../etc/passwd")).toBeNull();
    expect(fileIdFromUrl(`/api/other/${id}`)).toBeNull();
  });
});
