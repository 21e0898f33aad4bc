// STORAGE_PREFIX keeps a preview's files in a folder of their own, on disk and in a bucket, and
// preview:down deletes that folder and nothing else.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { env, type StorageEnv } from "@/lib/env";
import { storeImage } from "@/lib/storage/files";
import { deleteStoragePrefix } from "@/lib/storage/prefix-removal";
import { blobStore, blobStoreFor } from "@/lib/storage/store";
import { FakeS3 } from "../fakes/s3-server";
import { apiRequest } from "./helpers";
import { setSettings } from "../setup/settings";

const png = async () => ({
  buffer: await sharp({ create: { width: 2, height: 2, channels: 3, background: "#22aa66" } })
    .png()
    .toBuffer(),
  contentType: "image/png",
  width: 2,
  height: 2,
});

describe("storage under a prefix", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await new FakeS3().start();
  });
  afterAll(() => s3.stop());

  const bucket = (prefix?: string): StorageEnv =>
    ({
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: true,
      STORAGE_PREFIX: prefix,
    }) as StorageEnv;

  it("keeps every key of a bucket under the prefix, and deleting the prefix takes only those", async () => {
    const preview = blobStoreFor(bucket("previews/pr_1"));
    const other = blobStoreFor(bucket("previews/pr_10"));
    const main = blobStoreFor(bucket());
    for (const key of ["images/ab/one.png", "gallery/u/two.png"]) await preview.put(key, Buffer.from(key), "image/png");
    await other.put("images/ab/one.png", Buffer.from("other"), "image/png");
    await main.put("images/ab/one.png", Buffer.from("main"), "image/png");
    expect([...s3.objects.keys()].sort()).toEqual(
      ["images/ab/one.png", "previews/pr_10/images/ab/one.png", "previews/pr_1/gallery/u/two.png", "previews/pr_1/images/ab/one.png"].sort(),
    );
    expect((await preview.get("images/ab/one.png"))?.body.toString()).toBe("images/ab/one.png");

    expect(await deleteStoragePrefix(bucket(), "previews/pr_1")).toEqual({ where: `s3://${s3.bucket}/previews/pr_1/`, objects: 2 });
    expect([...s3.objects.keys()].sort()).toEqual(["images/ab/one.png", "previews/pr_10/images/ab/one.png"]);
    expect(await preview.get("images/ab/one.png")).toBeNull();
  });

  it("sends a preview's public file to the CDN under its prefix", async () => {
    setSettings({
      ...bucket("previews/pr_2"),
      S3_FORCE_PATH_STYLE: "true",
      FILES_REDIRECT: "true",
      FILES_PUBLIC_BASE_URL: "https://cdn.pictura.test",
    });
    const file = await storeImage(await png(), { userId: null, isPrivate: false, ttlDays: null });
    expect(s3.objects.has(`previews/pr_2/${file.storageKey}`)).toBe(true);
    const answer = await getFile(apiRequest("GET", `/api/files/${file.id}`), { params: Promise.resolve({ id: file.id }) });
    expect(answer.headers.get("location")).toBe(`https://cdn.pictura.test/previews/pr_2/${file.storageKey}`);
  });

  it("keeps a preview's files in a folder of the disk store, which deleting the prefix removes", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "pictura-prefix-"));
    setSettings({ STORAGE_DIR: dir, STORAGE_PREFIX: "previews/pr_3" });
    const file = await storeImage(await png(), { userId: null, isPrivate: false, ttlDays: 1 });
    await blobStoreFor({ STORAGE_DIR: dir } as StorageEnv).put("images/zz/kept.png", Buffer.from("kept"), "image/png");
    expect(await readdir(path.join(dir, "previews", "pr_3", path.dirname(file.storageKey)))).toContain(path.basename(file.storageKey));
    expect((await blobStore().get(file.storageKey))?.contentType).toBe("image/png");
    await deleteStoragePrefix(env(), "previews/pr_3");
    expect(await readdir(path.join(dir, "previews"))).toEqual([]);
    expect(await readdir(path.join(dir, "images", "zz"))).toContain("kept.png");
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses a prefix that is no folder name, in the settings and when deleting", async () => {
    for (const bad of ["../up", "/abs", "previews/", "a//b", "Previews"]) {
      setSettings({ STORAGE_PREFIX: bad });
      expect(() => env()).toThrow(/STORAGE_PREFIX/);
      await expect(deleteStoragePrefix({} as StorageEnv, bad)).rejects.toThrow(/Refusing/);
    }
    await expect(deleteStoragePrefix({} as StorageEnv, "")).rejects.toThrow(/Refusing/);
  });
});
