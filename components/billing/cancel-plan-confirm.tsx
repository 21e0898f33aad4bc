"use client";
// The confirm before cancelling the paid plan; loaded on the first press of Cancel plan.
import { useTranslations } from "next-intl";
import { ConfirmDialog } from "@/components/ui/alert-dialog";

interface CancelPlanConfirmProps {
  planName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}

export function CancelPlanConfirm({ planName, open, onOpenChange, onConfirm }: CancelPlanConfirmProps) {
  const t = useTranslations("Account");
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("cancelTitle", { plan: planName })}
      description={t("cancelBody")}
      cancelLabel={t("keepPlan")}
      confirmLabel={t("cancelConfirm")}
      onConfirm={onConfirm}
    />
  );
}
