// A preview's data from start to end: `npm run preview:up` makes its own database on the shared
// server (marked as a preview's), migrates it, installs the queues, seeds the plans and the reviewer
// accounts, and says which settings the deploy needs; `preview:down` drops it and its files;
// `preview:list` shows what exists and how old it is. Every step is safe to repeat.
import "server-only";
import { createPrismaClient } from "@/lib/db/create-client";
import { prepareDatabase } from "@/lib/db/prepare";
import type { StorageEnv } from "@/lib/env";
import { deleteStoragePrefix } from "@/lib/storage/prefix-removal";
import { blobStoreFor } from "@/lib/storage/store";
import { REVIEWER_PLANS } from "@/lib/validation/preview";
import { createPreviewDatabase, databaseUrl, dropPreviewDatabase, listPreviewDatabases, withServer } from "./databases";
import { previewIdentity, type PreviewIdentity } from "./names";
import { ensureReviewer, reviewerEmail } from "./reviewers";

export interface PreviewUpResult {
  identity: PreviewIdentity;
  created: boolean;
  reviewers: string[];
  /** The settings a deploy of this preview needs, besides its usual ones. */
  environment: Record<string, string>;
}

export async function previewUp(serverUrl: string, name: string, storage: StorageEnv): Promise<PreviewUpResult> {
  const identity = previewIdentity(name);
  const outcome = await withServer(serverUrl, (client) => createPreviewDatabase(client, identity));
  const url = databaseUrl(serverUrl, identity.database);
  await prepareDatabase(url);
  const client = createPrismaClient(url, 2);
  const store = blobStoreFor({ ...storage, STORAGE_PREFIX: identity.storagePrefix });
  try {
    for (const plan of REVIEWER_PLANS) await ensureReviewer(client, store, plan);
  } finally {
    await client.$disconnect();
  }
  return {
    identity,
    created: outcome === "created",
    reviewers: REVIEWER_PLANS.map(reviewerEmail),
    environment: { DATABASE_URL: url, APP_ENV: "preview", PREVIEW_NAME: identity.name, STORAGE_PREFIX: identity.storagePrefix },
  };
}

export interface PreviewDownResult {
  identity: PreviewIdentity;
  database: "dropped" | "absent";
  storage: { where: string; objects: number | null };
}

/** Drops the preview's database (refusing one preview:up did not make) and then deletes its files. */
export async function previewDown(serverUrl: string, name: string, storage: StorageEnv): Promise<PreviewDownResult> {
  const identity = previewIdentity(name);
  const database = await withServer(serverUrl, (client) => dropPreviewDatabase(client, identity));
  return { identity, database, storage: await deleteStoragePrefix(storage, identity.storagePrefix) };
}

export interface PreviewListEntry {
  database: string;
  name: string | null;
  createdAt: Date | null;
  /** Milliseconds since preview:up made it; null for a database without the mark. */
  ageMs: number | null;
}

export async function previewList(serverUrl: string, now = new Date()): Promise<PreviewListEntry[]> {
  const found = await withServer(serverUrl, listPreviewDatabases);
  return found.map(({ database, mark }) => {
    const createdAt = mark ? new Date(mark.createdAt) : null;
    return { database, name: mark?.name ?? null, createdAt, ageMs: createdAt ? now.getTime() - createdAt.getTime() : null };
  });
}

/** "3d 4h", "2h 5m", "12m", "40s": the two largest units. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const units: [string, number][] = [
    ["d", Math.floor(seconds / 86_400)],
    ["h", Math.floor(seconds / 3600) % 24],
    ["m", Math.floor(seconds / 60) % 60],
    ["s", seconds % 60],
  ];
  const first = units.findIndex(([, value]) => value > 0);
  if (first === -1) return "0s";
  return units
    .slice(first, first + 2)
    .filter(([, value]) => value > 0)
    .map(([unit, value]) => `${value}${unit}`)
    .join(" ");
}
