// The credit status the screens show (spec §3): guests are tier free with 0.
import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import type { CreditStatus } from "@/lib/validation/credits";
import { creditAbilities } from "./costs";

export function creditStatus(user: Pick<User, "tier" | "credits"> | null): CreditStatus {
  const tier = user?.tier ?? "free";
  const credits = user?.credits ?? 0;
  return { tier, credits, ...creditAbilities(credits) };
}
