"use client";
// The header's login and sign-up dialog, switching between the two modes.
import { useTranslations } from "next-intl";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { AuthPanel, type AuthMode } from "./auth-panel";

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
}

export function AuthDialog({ open, onOpenChange, mode, onModeChange }: AuthDialogProps) {
  const t = useTranslations("Auth");
  const tc = useTranslations("Common");
  const signIn = mode === "signin";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={tc("close")}
        className="max-h-[95dvh] overflow-y-auto"
        title={signIn ? t("dialogSignInTitle") : t("dialogSignUpTitle")}
        description={signIn ? t("dialogSignInDescription") : t("dialogSignUpDescription")}
      >
        <AuthPanel mode={mode} onModeChange={onModeChange} onSuccess={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
