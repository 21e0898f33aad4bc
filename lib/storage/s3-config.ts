// Where the S3-compatible bucket is and how its objects are addressed, read once from the settings:
// the store signs requests to these addresses, and browsers sent there by file redirects must be
// allowed to load from their origin (lib/storage/file-origins.ts).
import "server-only";
import type { StorageEnv } from "@/lib/env";

export interface S3Options {
  bucket: string;
  region: string;
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style URLs (endpoint/bucket/key), needed by MinIO and most non-AWS stores. */
  forcePathStyle: boolean;
  /** A folder every key lives in (STORAGE_PREFIX), e.g. previews/pr_12; none by default. */
  prefix?: string;
}

/** The bucket's settings, or null when files live on disk. */
export function s3Options(env: StorageEnv): S3Options | null {
  if (!env.S3_BUCKET) return null;
  const region = env.S3_REGION ?? "us-east-1";
  return {
    bucket: env.S3_BUCKET,
    region,
    endpoint: env.S3_ENDPOINT ?? `https://s3.${region}.amazonaws.com`,
    accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
    secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
    forcePathStyle: env.S3_FORCE_PATH_STYLE || Boolean(env.S3_ENDPOINT),
    prefix: env.STORAGE_PREFIX,
  };
}

/** Where a storage key lives in the store: under the prefix, when there is one. */
export function prefixedKey(prefix: string | undefined, key: string): string {
  return prefix ? `${prefix}/${key}` : key;
}

/** Each segment of a storage key percent-encoded once, as S3 addresses and signs it. */
export function encodeStorageKey(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}

/** The origin objects are served from: the endpoint itself (path-style) or the bucket's own host. */
export function s3Origin(options: Pick<S3Options, "bucket" | "endpoint" | "forcePathStyle">): string {
  const endpoint = new URL(options.endpoint);
  return options.forcePathStyle ? endpoint.origin : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}

/** The unsigned address of one object. */
export function s3ObjectUrl(options: Pick<S3Options, "bucket" | "endpoint" | "forcePathStyle">, key: string): string {
  const prefix = options.forcePathStyle ? `/${options.bucket}` : "";
  return `${s3Origin(options)}${prefix}/${encodeStorageKey(key)}`;
}
