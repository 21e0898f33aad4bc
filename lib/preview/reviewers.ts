// The reviewer accounts of a preview: one per plan, with that plan's credits, a few gallery images
// where the plan keeps a gallery, and one editor project, so a reviewer sees each tier as a customer
// would. Made once per database and then left alone (what reviewers do to them stays); safe to run
// again and from several processes at once: an advisory lock and the unique e-mail decide who makes it.
import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import { grantCreditsInTransaction } from "@/lib/credits/grant";
import type { PrismaClient } from "@/lib/db/create-client";
import { STORAGE_LIMITS } from "@/lib/gallery/limits";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import type { BlobStore } from "@/lib/storage/blob-store";
import { fileUrl } from "@/lib/storage/file-url";
import type { ReviewerPlan } from "@/lib/validation/preview";
import { sampleImage, type SampleImage } from "./sample-images";

/** Credits each reviewer starts with: the trial's, a little for free, and a month of each paid plan. */
export const REVIEWER_CREDITS: Record<ReviewerPlan, number> = { trial: TRIAL_CREDITS, free: 20, essential: 60, pro: 175 };
/** Gallery images seeded, within what each plan may keep (none on trial and free). */
const GALLERY_IMAGES = 3;
const DAY_MS = 86_400_000;

export const reviewerEmail = (plan: ReviewerPlan) => `reviewer-${plan}@reviewers.invalid`;

interface SeedFile extends SampleImage {
  id: string;
  storageKey: string;
}

async function seedFiles(count: number, store: BlobStore): Promise<SeedFile[]> {
  const files: SeedFile[] = [];
  for (let index = 0; index < count; index += 1) {
    const image = await sampleImage(index);
    const id = randomBytes(18).toString("base64url");
    const storageKey = `images/${id.slice(0, 2)}/${id}.png`;
    await store.put(storageKey, image.buffer, image.contentType);
    files.push({ ...image, id, storageKey });
  }
  return files;
}

async function createReviewer(tx: Prisma.TransactionClient, plan: ReviewerPlan, files: SeedFile[]): Promise<User> {
  const label = plan[0]!.toUpperCase() + plan.slice(1);
  const user = await tx.user.create({
    data: { email: reviewerEmail(plan), firstName: "Reviewer", lastName: label, tier: plan, credits: 0, emailVerifiedAt: new Date() },
  });
  const paid = plan === "essential" || plan === "pro";
  const note = `Preview reviewer (${label})`;
  await grantCreditsInTransaction(tx, {
    userId: user.id,
    amount: REVIEWER_CREDITS[plan],
    kind: paid ? "subscription" : "grant",
    operation: "preview_reviewer",
    idempotencyKey: `preview-reviewer:${user.id}`,
    note,
  });
  // A paid reviewer has the sandbox subscription a payment would have made (when the plans are seeded).
  if (paid && (await tx.plan.findUnique({ where: { id: plan } }))) {
    await tx.subscription.create({
      data: {
        userId: user.id,
        planId: plan,
        provider: "sandbox",
        providerSubscriptionId: `sub_sandbox_reviewer_${user.id}`,
        status: "active",
        currentPeriodEnd: new Date(Date.now() + 30 * DAY_MS),
      },
    });
  }
  for (const file of files) {
    const sha256 = createHash("sha256").update(file.buffer).digest("hex");
    await tx.storedFile.create({
      data: {
        id: file.id,
        userId: user.id,
        storageKey: file.storageKey,
        contentType: file.contentType,
        byteSize: file.buffer.length,
        sha256,
        width: file.width,
        height: file.height,
        isPrivate: true,
      },
    });
  }
  const [projectImage, ...galleryImages] = files;
  for (const [index, file] of galleryImages.entries()) {
    await tx.savedImage.create({
      data: {
        userId: user.id,
        fileId: file.id,
        filename: `reviewer-sample-${index + 1}.png`,
        tool: "text_to_image",
        originalPrompt: "A landscape at sunset, for reviewers",
        fileSize: file.buffer.length,
      },
    });
  }
  const state = {
    sourceImage: fileUrl(projectImage!),
    sourceWidth: projectImage!.width,
    sourceHeight: projectImage!.height,
    resultImage: null,
    aspectRatio: "square",
    history: [],
  };
  const project = await tx.project.create({ data: { userId: user.id, name: `${label} reviewer project`, state } });
  await tx.projectFile.create({ data: { projectId: project.id, fileId: projectImage!.id } });
  return user;
}

/** The plan's reviewer account, made with its credits, gallery and project when it does not exist yet. */
export async function ensureReviewer(client: PrismaClient, store: BlobStore, plan: ReviewerPlan): Promise<User> {
  const existing = await client.user.findUnique({ where: { email: reviewerEmail(plan) } });
  if (existing) return existing;
  // Bytes first (the store is not in the transaction); they are taken back if another process won.
  const files = await seedFiles(1 + Math.min(GALLERY_IMAGES, STORAGE_LIMITS[plan]), store);
  const outcome = await client
    .$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`preview-reviewer:${plan}`}))`;
      const made = await tx.user.findUnique({ where: { email: reviewerEmail(plan) } });
      return made ? { user: made, created: false } : { user: await createReviewer(tx, plan, files), created: true };
    })
    .catch(async (error: unknown) => {
      await Promise.all(files.map((file) => store.delete(file.storageKey).catch(() => undefined)));
      throw error;
    });
  if (!outcome.created) await Promise.all(files.map((file) => store.delete(file.storageKey)));
  return outcome.user;
}
