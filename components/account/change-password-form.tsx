"use client";
// Changing the password (current and new); an account without one is pointed to the reset link.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { PasswordInput } from "@/components/auth/password-input";
import { Link } from "@/components/layout/intent-link";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { PendingButton } from "@/components/ui/pending-button";
import { PASSWORD_MIN_LENGTH } from "@/lib/validation/limits";
import { AccountSection } from "./account-section";
import { useChangePassword } from "./use-account-security";

export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useTranslations("AccountSecurity");
  const change = useChangePassword();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setCurrentPassword("");
          setNewPassword("");
        },
      },
    );
  }

  return (
    <AccountSection title={t("passwordTitle")}>
      {hasPassword ? (
        <form onSubmit={submit} className="grid gap-4 sm:max-w-sm">
          <FormField label={t("currentPassword")}>
            <PasswordInput autoComplete="current-password" required value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} />
          </FormField>
          <FormField label={t("newPassword")}>
            <PasswordInput
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
            />
          </FormField>
          <PendingButton type="submit" className="w-fit" pending={change.isPending} pendingLabel={t("changingPassword")}>
            {t("changePassword")}
          </PendingButton>
        </form>
      ) : (
        <div className="grid gap-3">
          <p className="text-muted-foreground text-sm">{t("noPassword")}</p>
          <Button asChild variant="outline" className="w-fit">
            <Link href="/auth/reset">{t("setPassword")}</Link>
          </Button>
        </div>
      )}
    </AccountSection>
  );
}
