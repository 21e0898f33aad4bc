"use client";
// The credit check every paid action makes before it uploads or calls anything (spec §5, §8): a
// guest hears how many credits the action needs and that signing up gives more; a signed-in user
// short of credits gets the Insufficient Credits toast.
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { toast } from "@/components/ui/toaster";
import { CREDIT_COSTS, type ChargeableOperation } from "@/lib/credits/costs";

export function useCreditCheck() {
  const t = useTranslations("Imaging");
  const { data: user } = useCurrentUser();
  return useCallback(
    (operation: ChargeableOperation): boolean => {
      const need = CREDIT_COSTS[operation];
      const have = user?.credits ?? 0;
      if (!user) {
        toast.error(operation === "cartoon_style" ? t("notEnoughTitle") : t("insufficientTitle"), {
          description: t(`guestNeeds_${operation}`, { need, have }),
        });
        return false;
      }
      if (have < need) {
        toast.error(t("insufficientTitle"), { description: t(`notEnough_${operation}`) });
        return false;
      }
      return true;
    },
    [t, user],
  );
}
