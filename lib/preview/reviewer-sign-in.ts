// "Sign in as reviewer": a preview-only sign-in to the seeded account of a plan, with a real session
// like a password sign-in's. Counted per address like sign-in, since every call starts a session.
// Outside a preview it does not exist (404), whatever is asked.
import "server-only";
import { takeHit } from "@/lib/rate-limit/counters";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { NotFoundError, RateLimitedError } from "@/lib/errors";
import type { User } from "@/lib/generated/prisma/client";
import { siteSettings } from "@/lib/settings/site";
import { blobStore } from "@/lib/storage/store";
import type { ReviewerPlan } from "@/lib/validation/preview";
import { ensureReviewer } from "./reviewers";

/** Reviewer sign-in exists only where the site settings offer it (a preview); a 404 anywhere else. */
export function assertPreview(): void {
  if (!siteSettings().reviewers) throw new NotFoundError("This page does not exist.", "not_found");
}

export async function signInAsReviewer(plan: ReviewerPlan, ip: string): Promise<User> {
  assertPreview();
  const { LOGIN_MAX_FAILURES_PER_IP: max, LOGIN_FAILURE_WINDOW_SECONDS: windowSeconds } = env();
  const wait = await takeHit([{ key: `preview-reviewer:ip:${ip}`, max, windowSeconds }]);
  if (wait !== null) {
    const minutes = Math.ceil(wait / 60);
    throw new RateLimitedError(`Too many reviewer sign-ins from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`, wait);
  }
  // Made on first use too, so a preview whose database was not seeded by preview:up still has them.
  return ensureReviewer(db, blobStore(), plan);
}
