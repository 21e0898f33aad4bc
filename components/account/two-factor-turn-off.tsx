"use client";
// Turning two-step sign-in off: the password (for accounts that have one) and a code from the app or
// a recovery code, so that a browser left signed in is not enough to remove it.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { PasswordInput } from "@/components/auth/password-input";
import { FormField } from "@/components/ui/form-field";
import { TwoFactorCodeField } from "./two-factor-code-field";
import { TwoFactorFormActions } from "./two-factor-form-actions";
import { useTurnOffTwoFactor } from "./use-two-factor";

export function TwoFactorTurnOff({ hasPassword, onCancel }: { hasPassword: boolean; onCancel: () => void }) {
  const t = useTranslations("TwoFactor");
  const turnOff = useTurnOffTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    turnOff.mutate(hasPassword ? { password, code: code.trim() } : { code: code.trim() });
  }

  return (
    <form onSubmit={submit} className="grid gap-3 hyphens-auto wrap-anywhere sm:max-w-xs" data-testid="two-factor-turn-off">
      <p className="text-muted-foreground text-sm">{hasPassword ? t("turnOffBody") : t("turnOffBodyNoPassword")}</p>
      {hasPassword && (
        <FormField label={t("password")}>
          <PasswordInput autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </FormField>
      )}
      <TwoFactorCodeField label={t("anyCodeLabel")} value={code} onChange={setCode} error={turnOff.isError ? turnOff.error : null} />
      <TwoFactorFormActions code={code} pending={turnOff.isPending} pendingLabel={t("turningOff")} destructive onCancel={onCancel}>
        {t("turnOff")}
      </TwoFactorFormActions>
    </form>
  );
}
