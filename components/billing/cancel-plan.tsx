"use client";
// Cancelling the paid plan from the account page, after a confirm. Credits already on the account
// stay; Stripe plans run to the end of the period paid for. The confirm's code loads on the first press.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { refreshAccount } from "@/components/credits/credit-keys";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";

const CancelPlanConfirm = dynamic(() => import("./cancel-plan-confirm").then((module) => module.CancelPlanConfirm), { ssr: false });

export function CancelPlan({ planName }: { planName: string }) {
  const t = useTranslations("Account");
  const tc = useTranslations("Common");
  const format = useFormatter();
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState({ open: false, used: false });
  const cancel = useMutation({
    mutationFn: () => apiRequest<{ endsAt: string | null }>("POST", "/api/subscription/cancel"),
    onSuccess: async ({ endsAt }) => {
      await refreshAccount(queryClient);
      toast.success(t("cancelledTitle"), {
        description: endsAt ? t("cancelledUntil", { plan: planName, date: format.dateTime(new Date(endsAt), { dateStyle: "medium" }) }) : t("cancelledNow"),
      });
    },
    onError: (error) => toast.error(tc("error"), { description: describe(error) }),
  });

  return (
    <>
      <Button
        variant="ghost"
        className="text-destructive justify-self-start"
        disabled={cancel.isPending}
        onClick={() => setConfirm({ open: true, used: true })}
      >
        {t("cancelPlan")}
      </Button>
      {confirm.used && (
        <CancelPlanConfirm
          planName={planName}
          open={confirm.open}
          onOpenChange={(open) => setConfirm({ open, used: true })}
          onConfirm={() => cancel.mutate()}
        />
      )}
    </>
  );
}
