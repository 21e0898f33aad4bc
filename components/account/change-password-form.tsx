"use client";
// Changing the password (current and new); an account without one is pointed to the reset link.
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { PasswordInput } from "@/components/auth/password-input";
import { Link } from "@/components/layout/intent-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { PASSWORD_MIN_LENGTH } from "@/lib/validation/limits";
import { useChangePassword } from "./use-account-security";

export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const t = useTranslations("AccountSecurity");
  const id = useId();
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
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("passwordTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {hasPassword ? (
          <form onSubmit={submit} className="grid gap-4 sm:max-w-sm">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-current`}>{t("currentPassword")}</Label>
              <PasswordInput
                id={`${id}-current`}
                autoComplete="current-password"
                required
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-new`}>{t("newPassword")}</Label>
              <PasswordInput
                id={`${id}-new`}
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                value={newPassword}
                onChange={(event) => setNewPassword(event.target.value)}
              />
            </div>
            <Button type="submit" className="w-fit" disabled={change.isPending}>
              {change.isPending && <Spinner aria-hidden />}
              {change.isPending ? t("changingPassword") : t("changePassword")}
            </Button>
          </form>
        ) : (
          <div className="grid gap-3">
            <p className="text-muted-foreground text-sm">{t("noPassword")}</p>
            <Button asChild variant="outline" className="w-fit">
              <Link href="/auth/reset">{t("setPassword")}</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
