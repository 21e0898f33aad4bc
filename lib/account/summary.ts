// What deleting an account would take away, for the confirm on the account page.
import "server-only";
import { db } from "@/lib/db";
import type { User } from "@/lib/generated/prisma/client";
import type { AccountSummary } from "@/lib/validation/account";
import { signedInRecently } from "./confirm";

export async function accountSummary(user: User, signedInAt: number | null): Promise<AccountSummary> {
  const [galleryImages, projects, accounts, subscription] = await Promise.all([
    db.savedImage.count({ where: { userId: user.id } }),
    db.project.count({ where: { userId: user.id } }),
    db.account.findMany({ where: { userId: user.id }, select: { provider: true } }),
    db.subscription.findFirst({
      where: { userId: user.id, status: { in: ["active", "past_due"] } },
      orderBy: { createdAt: "desc" },
      include: { plan: true },
    }),
  ]);
  return {
    email: user.email,
    hasPassword: Boolean(user.passwordHash),
    providers: [...new Set(accounts.map((account) => account.provider))].sort(),
    galleryImages,
    projects,
    credits: user.credits,
    plan: subscription ? { id: subscription.plan.id, name: subscription.plan.name } : null,
    recentlySignedIn: signedInRecently(signedInAt),
  };
}
