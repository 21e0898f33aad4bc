// Deletes every blob under one prefix of the store (a preview's folder, STORAGE_PREFIX), on disk or
// in the bucket. Only ever a named prefix: there is no way to empty the whole store from here.
import "server-only";
import { rm } from "node:fs/promises";
import path from "node:path";
import { AwsClient } from "aws4fetch";
import type { StorageEnv } from "@/lib/env";
import { s3ObjectUrl, s3Options, s3Origin, type S3Options } from "./s3-config";
import { diskDirectory } from "./store";

const PREFIX_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

const unescapeXml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The bucket's address for ListObjectsV2 (path-style: endpoint/bucket, else the bucket's own host). */
function listUrl(options: S3Options, prefix: string, token: string | null): URL {
  const url = new URL(options.forcePathStyle ? `${s3Origin(options)}/${options.bucket}` : `${s3Origin(options)}/`);
  url.searchParams.set("list-type", "2");
  url.searchParams.set("prefix", prefix);
  if (token) url.searchParams.set("continuation-token", token);
  return url;
}

async function deleteS3Prefix(options: S3Options, prefix: string): Promise<number> {
  const client = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region, service: "s3" });
  let token: string | null = null;
  let deleted = 0;
  do {
    const response = await client.fetch(listUrl(options, `${prefix}/`, token).toString(), { method: "GET" });
    const xml = await response.text();
    if (!response.ok) throw new Error(`S3 listing of ${prefix}/ failed: ${response.status} ${xml.slice(0, 200)}`);
    const keys = [...xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)].map((match) => unescapeXml(match[1]!));
    // One DELETE per object: DeleteObjects needs a Content-MD5 that not every S3-compatible store checks alike.
    for (const key of keys) {
      const answer = await client.fetch(s3ObjectUrl(options, key), { method: "DELETE" });
      if (!answer.ok && answer.status !== 404) throw new Error(`S3 delete of ${key} failed: ${answer.status}`);
      deleted += 1;
    }
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
    token = truncated ? unescapeXml(/<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "") || null : null;
  } while (token);
  return deleted;
}

/** Deletes everything under `prefix`; says where, and how many objects when it is a bucket. */
export async function deleteStoragePrefix(settings: StorageEnv, prefix: string): Promise<{ where: string; objects: number | null }> {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`Refusing to delete storage prefix "${prefix}": it is not a folder name`);
  const s3 = s3Options(settings);
  if (s3) return { where: `s3://${s3.bucket}/${prefix}/`, objects: await deleteS3Prefix(s3, prefix) };
  const folder = path.join(diskDirectory(settings.STORAGE_DIR), prefix);
  await rm(folder, { recursive: true, force: true });
  return { where: folder, objects: null };
}
