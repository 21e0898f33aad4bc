// The share link the page measures open (/s/{token}): a picture made by a generation, shared through
// the same service as POST /api/shares, indexable (a page that asks not to be indexed fails
// Lighthouse's SEO audit by design). Kept in the measured database and reused by later runs while its
// copy is still in the file store: the database outlives a checkout (CI's clones each start with an
// empty .data/files), and a share whose copy is gone would be measured with a broken image. Prints the
// page's path. Run with the react-server condition, in the measured server's environment
// (scripts/measure/server.ts, sharePage()).
import sharp from "sharp";
import { createUserWithTrial } from "@/lib/auth/users";
import { db } from "@/lib/db";
import { labelResult } from "@/lib/imaging/metadata/label-result";
import { createShare } from "@/lib/shares/shares";
import { openShareToken } from "@/lib/shares/token";
import { storeImage } from "@/lib/storage/files";
import { blobStore } from "@/lib/storage/store";

const EMAIL = "measure-share@pictura.invalid";
const WIDTH = 1200;
const HEIGHT = 800;

/** A picture with some texture, so its copy weighs what a real one does. */
async function picture(): Promise<Buffer> {
  const sky = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs><linearGradient id="g" x2="0" y2="1">` +
      `<stop offset="0" stop-color="#1d3b72"/><stop offset="1" stop-color="#f2a65a"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="820" cy="520" r="120" fill="#ffd27a"/>` +
      `<path d="M0 640 Q300 560 600 640 T1200 620 V800 H0Z" fill="#24303f"/></svg>`,
  );
  return sharp(sky).png().toBuffer();
}

/** The token of the user's live share whose copy the file store still holds; older ones are revoked. */
async function liveShareOf(userId: string): Promise<string | null> {
  const share = await db.share.findFirst({
    where: { userId, revokedAt: null, hiddenAt: null, expiresAt: null, file: { removedAt: null } },
    include: { file: true },
    orderBy: { createdAt: "desc" },
  });
  if (!share) return null;
  if (await blobStore().has(share.file.storageKey)) return openShareToken(share);
  await db.share.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  return null;
}

async function main(): Promise<void> {
  const user =
    (await db.user.findUnique({ where: { email: EMAIL } })) ??
    (await createUserWithTrial({ email: EMAIL, firstName: "Measure", lastName: "Share", emailVerifiedAt: new Date() }));
  let token = await liveShareOf(user.id);
  if (!token) {
    const made = await db.operation.create({
      data: { userId: user.id, kind: "generate", provider: "local", status: "succeeded", prompt: "a lighthouse at dusk over calm water" },
    });
    const labelled = await labelResult(made, { buffer: await picture(), contentType: "image/png", width: WIDTH, height: HEIGHT });
    const file = await storeImage(labelled, { userId: user.id, isPrivate: true, ttlDays: null });
    await db.operation.update({ where: { id: made.id }, data: { resultFileId: file.id } });
    const share = await createShare(user, { fileId: file.id, caption: "Dusk at the lighthouse", showPrompt: true, expiresIn: "never", indexable: true });
    token = new URL(share.url).pathname.split("/")[2]!;
  }
  console.log(`/s/${token}`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => void db.$disconnect());
