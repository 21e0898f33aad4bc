"use client";
// The confirm before cancelling the paid plan; loaded on the first press of Cancel plan.
import { useTranslations } from "next-intl";
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogFooter } from "@/components/ui/alert-dialog";

interface CancelPlanConfirmProps {
  planName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

export function CancelPlanConfirm({ planName, open, onOpenChange, onConfirm }: CancelPlanConfirmProps) {
  const t = useTranslations("Account");
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent title={t("cancelTitle", { plan: planName })} description={t("cancelBody")}>
        <AlertDialogFooter>
          <AlertDialogCancel>{t("keepPlan")}</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>{t("cancelConfirm")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
