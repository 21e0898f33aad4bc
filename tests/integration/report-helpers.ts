// Shared pictures and reports as the tests need them: an owner's private picture with the copy its
// share link serves (StoredFile rows, their bytes in the blob store, and the Share row with a known
// token), and reports sent to POST /api/reports as a visitor's browser sends them.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import sharp from "sharp";
import { POST as decide } from "@/app/api/admin/reports/[id]/route";
import { POST as report } from "@/app/api/reports/route";
import { db } from "@/lib/db";
import type { StoredFile } from "@/lib/generated/prisma/client";
import { storeImage } from "@/lib/storage/files";
import type { ReceivedMail } from "../fakes/mailbox";
import { callAdmin } from "./admin-helpers";
import { apiRequest, ORIGIN, signedInUser } from "./helpers";

let shade = 0;
async function picture(userId: string) {
  shade = (shade + 41) % 256;
  const buffer = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  return storeImage({ buffer, contentType: "image/png", width: 8, height: 8 }, { userId, isPrivate: true, ttlDays: null });
}

/** An owner's picture shared by a link: its source file (a new one unless given), the served copy, the share row and its address. */
export async function sharedPicture(userId: string, options: { source?: StoredFile } = {}) {
  const source = options.source ?? (await picture(userId));
  const served = await picture(userId);
  const token = randomBytes(16).toString("base64url");
  const share = await db.share.create({
    data: {
      tokenHash: createHash("sha256").update(token).digest("hex"),
      tokenSealed: `sealed-${token}`,
      tokenKeyId: "test-key",
      userId,
      sourceFileId: source.id,
      fileId: served.id,
    },
  });
  return { source, served, share, token, url: `${ORIGIN}/s/${token}` };
}

export const validReport = (url: string, overrides: Record<string, unknown> = {}) => ({
  url,
  category: "intellectual_property",
  explanation: "This is my photograph, copied without permission.",
  name: "Ada Lovelace",
  email: `reporter-${randomBytes(4).toString("hex")}@example.com`,
  goodFaith: true,
  ...overrides,
});

/** POST /api/reports from `ip` (a fresh address unless given), as the /report form sends it. */
export async function sendReport(body: unknown, ip?: string) {
  const response = await report(apiRequest("POST", "/api/reports", { body, ip }));
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** The appeal link in a statement of reasons, and its token. */
export function appealLinkIn(mail: ReceivedMail): { url: URL; token: string } {
  const match = /https?:\/\/\S+\/appeal\/([A-Za-z0-9_-]+)/.exec(mail.parsed.text ?? "");
  if (!match) throw new Error(`The mail has no appeal link:\n${mail.parsed.text}`);
  return { url: new URL(match[0]), token: match[1]! };
}

/** An owner's shared picture and an open report of it from a reporter who gave an e-mail address (unless told otherwise). */
export async function reportedShare(overrides: Record<string, unknown> = {}) {
  const owner = await signedInUser();
  const shared = await sharedPicture(owner.user.id);
  const body = validReport(shared.url, overrides);
  const sent = await sendReport(body);
  expect(sent.status).toBe(201);
  return { owner, shared, reportId: sent.body.id as string, reporterEmail: body.email as string | undefined };
}

/** An admin's decision on a report, as the console sends it. */
export const decideAs = (cookie: string, reportId: string, body: unknown) =>
  callAdmin(decide, "POST", `/api/admin/reports/${reportId}`, { id: reportId }, { cookie, body, idempotencyKey: randomUUID() });
