// "Download my data": a ZIP of everything an account holds — account.json (the account, its linked
// sign-ins and plans; never the password hash), credits.json (the ledger), projects.json (each
// project's state and which archived file each image is), gallery.json, and the image files of the
// gallery and of the projects. Streamed (see zip-stream.ts), and limited per account because each
// export reads every file.
import "server-only";
import { takeHit } from "@/lib/rate-limit/counters";
import { accountProfile } from "@/lib/auth/users";
import { toTransactionView } from "@/lib/credits/transactions";
import { db } from "@/lib/db";
import { RateLimitedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { savedImageFacts } from "@/lib/gallery/saved-images";
import { extensionFor, fileIdFromUrl } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";
import { projectStateSchema } from "@/lib/validation/projects";
import { zipStream, type ZipEntry } from "./zip-stream";

export const EXPORTS_PER_HOUR = 5;

const encoder = new TextEncoder();

function jsonEntry(name: string, value: unknown): ZipEntry {
  return { name, compress: true, load: async () => encoder.encode(`${JSON.stringify(value, null, 2)}\n`) };
}

function fileEntry(name: string, storageKey: string): ZipEntry {
  return {
    name,
    compress: false,
    load: async () => {
      const blob = await blobStore().get(storageKey);
      return blob ? new Uint8Array(blob.body) : null;
    },
  };
}

/** A name safe in any file system, keeping what the person called the image. */
export function safeBaseName(filename: string): string {
  const base = filename
    .normalize("NFC")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "_")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 80);
  return base || "image";
}

async function collect(user: User) {
  const [accounts, subscriptions, ledger, projects, gallery] = await Promise.all([
    db.account.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } }),
    db.subscription.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" }, include: { plan: true } }),
    db.creditTransaction.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    db.project.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { files: { include: { file: true } } } }),
    db.savedImage.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { file: true } }),
  ]);
  return { accounts, subscriptions, ledger, projects, gallery };
}

export async function exportAccount(user: User): Promise<ReadableStream<Uint8Array>> {
  const wait = await takeHit([{ key: `account-export:${user.id}`, max: EXPORTS_PER_HOUR, windowSeconds: 3600 }]);
  if (wait !== null) throw new RateLimitedError(`You can download your data ${EXPORTS_PER_HOUR} times an hour. Please try again later.`, wait);
  const data = await collect(user);

  const galleryNames = data.gallery.map(
    (image, index) => `gallery/${String(index + 1).padStart(3, "0")}-${safeBaseName(image.filename)}.${extensionFor(image.file.contentType)}`,
  );
  const projectFiles = new Map<string, { name: string; storageKey: string }>();
  for (const project of data.projects)
    for (const { file } of project.files)
      projectFiles.set(file.id, { name: `project-images/${file.id}.${extensionFor(file.contentType)}`, storageKey: file.storageKey });
  const archived = (url: string | null) => {
    const id = url ? fileIdFromUrl(url) : null;
    return id ? (projectFiles.get(id)?.name ?? null) : null;
  };

  const account = {
    ...accountProfile(user),
    createdAt: user.createdAt.toISOString(),
    signIns: {
      password: Boolean(user.passwordHash),
      linked: data.accounts.map((a) => ({ provider: a.provider, email: a.email, linkedAt: a.createdAt.toISOString() })),
    },
    plans: data.subscriptions.map((s) => ({
      plan: s.plan.name,
      provider: s.provider,
      status: s.status,
      startedAt: s.createdAt.toISOString(),
      currentPeriodEnd: s.currentPeriodEnd?.toISOString() ?? null,
      canceledAt: s.canceledAt?.toISOString() ?? null,
    })),
    exportedAt: new Date().toISOString(),
  };
  const credits = data.ledger.map(toTransactionView);
  const projects = data.projects.map((project) => {
    const parsed = projectStateSchema.safeParse(project.state);
    const state = parsed.success ? parsed.data : projectStateSchema.parse({});
    return {
      id: project.id,
      name: project.name,
      createdAt: project.createdAt.toISOString(),
      updatedAt: project.updatedAt.toISOString(),
      state,
      images: {
        source: state.sourceImage ? { url: state.sourceImage, file: archived(state.sourceImage) } : null,
        result: state.resultImage ? { url: state.resultImage, file: archived(state.resultImage) } : null,
        history: state.history.map((entry) => ({ prompt: entry.prompt, url: entry.resultUrl, file: archived(entry.resultUrl) })),
      },
    };
  });
  const gallery = data.gallery.map((image, index) => ({ ...savedImageFacts(image), file: galleryNames[index] }));

  return zipStream([
    jsonEntry("account.json", account),
    jsonEntry("credits.json", credits),
    jsonEntry("projects.json", projects),
    jsonEntry("gallery.json", gallery),
    ...data.gallery.map((image, index) => fileEntry(galleryNames[index]!, image.file.storageKey)),
    ...[...projectFiles.values()].map((file) => fileEntry(file.name, file.storageKey)),
  ]);
}
