"use client";
// The buttons under a two-step sign-in form (turning it on, turning it off): its action, which waits
// for a code, and a way back.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";

export function TwoFactorFormActions({
  code,
  pending,
  pendingLabel,
  destructive = false,
  onCancel,
  children,
}: {
  /** The code as typed: the action is off until there is one. */
  code: string;
  pending: boolean;
  pendingLabel: string;
  destructive?: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("TwoFactor");
  return (
    <div className="flex flex-wrap gap-2">
      <PendingButton type="submit" variant={destructive ? "destructive" : undefined} pending={pending} pendingLabel={pendingLabel} disabled={!code.trim()}>
        {children}
      </PendingButton>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t("cancel")}
      </Button>
    </div>
  );
}
