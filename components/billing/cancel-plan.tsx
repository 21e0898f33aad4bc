"use client";
// Cancelling the paid plan from the account page, after a confirm. Credits already on the account
// stay; Stripe plans run to the end of the period paid for.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { useErrorMessage } from "@/components/auth/use-error-message";
import { refreshAccount } from "@/components/credits/credit-keys";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { apiRequest } from "@/lib/api/client";

export function CancelPlan({ planName }: { planName: string }) {
  const t = useTranslations("Account");
  const tc = useTranslations("Common");
  const format = useFormatter();
  const describe = useErrorMessage();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
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
      <Button variant="ghost" className="text-destructive justify-self-start" disabled={cancel.isPending} onClick={() => setOpen(true)}>
        {t("cancelPlan")}
      </Button>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t("cancelTitle", { plan: planName })}</AlertDialogTitle>
            <AlertDialogDescription>{t("cancelBody")}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("keepPlan")}</AlertDialogCancel>
            <AlertDialogAction onClick={() => cancel.mutate()}>{t("cancelConfirm")}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
