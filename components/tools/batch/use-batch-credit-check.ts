"use client";
// A paid tool's batch is refused before anything is uploaded when the balance cannot pay for it.
import { useTranslations } from "next-intl";
import { useCurrentUser } from "@/components/auth/use-auth";
import { useCreditCheck } from "@/components/imaging/use-image-operation";
import { toast } from "@/components/ui/toaster";
import { CREDIT_COSTS, type ChargeableOperation } from "@/lib/credits/costs";

/** Whether the balance pays for `files` runs of a paid tool; when it does not, a toast says so. */
export function useBatchCreditCheck(operation: ChargeableOperation) {
  const t = useTranslations("Batch");
  const ti = useTranslations("Imaging");
  const checkOne = useCreditCheck();
  const { data: user } = useCurrentUser();
  const shortfall = (files: number): { need: number; have: number } | null => {
    const need = files * CREDIT_COSTS[operation];
    const have = user?.credits ?? 0;
    return user && have < need ? { need, have } : null;
  };
  const check = (files: number): boolean => {
    if (!checkOne(operation)) return false;
    const short = shortfall(files);
    if (short) toast.error(ti("insufficientTitle"), { description: t("notEnoughCredits", { ...short, files }) });
    return short === null;
  };
  return { check, shortfall };
}
