// The configured blob store: S3-compatible when S3_BUCKET is set, else local disk under
// STORAGE_DIR (default .data/files), every key under STORAGE_PREFIX when set (a preview's own folder).
// Read at call time so tests and deployments switch by env.
import "server-only";
import path from "node:path";
import { env as readEnv, type StorageEnv } from "@/lib/env";
import type { BlobStore } from "./blob-store";
import { diskStore } from "./disk-store";
import { s3Options } from "./s3-config";
import { s3Store } from "./s3-store";

let cached: { signature: string; store: BlobStore } | undefined;

// Stored files are data, not code: without the hint the build traces the whole project, stored
// files included, into every route's function.
export const diskDirectory = (configured: string | undefined) =>
  path.resolve(/* turbopackIgnore: true */ configured ?? path.join(/* turbopackIgnore: true */ process.cwd(), ".data", "files"));

/** The store these settings describe; scripts that manage a preview pass its settings themselves. */
export function blobStoreFor(settings: StorageEnv): BlobStore {
  const s3 = s3Options(settings);
  if (s3) return s3Store(s3);
  const root = diskDirectory(settings.STORAGE_DIR);
  return diskStore(settings.STORAGE_PREFIX ? path.join(root, settings.STORAGE_PREFIX) : root);
}

export function blobStore(): BlobStore {
  const env = readEnv();
  const signature = [
    env.S3_BUCKET,
    env.S3_ENDPOINT,
    env.S3_REGION,
    env.S3_ACCESS_KEY_ID,
    env.S3_SECRET_ACCESS_KEY,
    env.S3_FORCE_PATH_STYLE,
    env.STORAGE_DIR,
    env.STORAGE_PREFIX,
  ].join("|");
  if (cached?.signature === signature) return cached.store;
  const store = blobStoreFor(env);
  cached = { signature, store };
  return store;
}
