// Reading a balance and the credit status the screens show (spec §3): guests are tier free with 0.
import "server-only";
import { db } from "@/lib/db";
import type { User } from "@/lib/generated/prisma/client";
import type { CreditStatus } from "@/lib/validation/credits";
import { creditAbilities } from "./costs";

export async function getBalance(userId: string): Promise<number> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { credits: true } });
  return user.credits;
}

export function creditStatus(user: Pick<User, "tier" | "credits"> | null): CreditStatus {
  const tier = user?.tier ?? "free";
  const credits = user?.credits ?? 0;
  return { tier, credits, ...creditAbilities(credits) };
}
