// Finding an account in the console: by the start of its e-mail address, its id, or its Stripe
// customer id, newest first, at most 20.
import "server-only";
import { displayName } from "@/lib/auth/users";
import { db } from "@/lib/db";
import type { AdminUserRow } from "@/lib/validation/admin";

const MOST = 20;

export async function searchUsers(query: string): Promise<AdminUserRow[]> {
  const text = query.trim();
  const users = await db.user.findMany({
    where: { OR: [{ email: { startsWith: text.toLowerCase() } }, { id: text }, { stripeCustomerId: text }] },
    orderBy: { createdAt: "desc" },
    take: MOST,
  });
  return users.map((user) => ({
    id: user.id,
    email: user.email,
    name: displayName(user),
    tier: user.tier,
    credits: user.credits,
    role: user.role,
    suspended: user.suspendedAt !== null,
    createdAt: user.createdAt.toISOString(),
  }));
}
