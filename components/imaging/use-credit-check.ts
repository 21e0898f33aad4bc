"use client";
// The credit check every paid action makes before it uploads or calls anything (spec §5, §8): a
// guest hears how many credits the action needs and that signing up gives more; a signed-in user
// short of credits gets the Insufficient Credits toast.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback } from "react";
import { cachedUser } from "@/components/auth/use-auth";
import { toast } from "@/components/ui/toaster";
import { CREDIT_COSTS, type ChargeableOperation } from "@/lib/credits/costs";

export function useCreditCheck() {
  const t = useTranslations("Imaging");
  const queryClient = useQueryClient();
  return useCallback(
    (operation: ChargeableOperation): boolean => {
      // Read when the action starts rather than subscribed: the screen need not re-render when the session is known.
      const user = cachedUser(queryClient);
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
    [t, queryClient],
  );
}
