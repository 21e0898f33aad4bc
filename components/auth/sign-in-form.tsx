"use client";
// E-mail and password sign-in.
import { useTranslations } from "next-intl";
import { useId, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Link } from "@/components/layout/intent-link";
import { EmailField } from "./email-field";
import { formText } from "./form-text";
import { PasswordInput } from "./password-input";
import { useLogin } from "./use-auth";

export function SignInForm({ onSuccess }: { onSuccess?: () => void }) {
  const t = useTranslations("Auth");
  const id = useId();
  const login = useLogin();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = formText(event);
    login.mutate({ email: field("email"), password: field("password") }, { onSuccess: () => onSuccess?.() });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <EmailField />
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={`${id}-password`}>{t("password")}</Label>
          {/* Leaving for the reset page also closes the sign-in dialog this form may sit in. */}
          <Link href="/auth/reset" className="text-primary text-sm font-medium hover:underline" onClick={() => onSuccess?.()}>
            {t("forgotPassword")}
          </Link>
        </div>
        <PasswordInput id={`${id}-password`} name="password" autoComplete="current-password" required placeholder={t("passwordPlaceholder")} />
      </div>
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? (
          <>
            <Spinner aria-label={t("signingIn")} />
            {t("signingIn")}
          </>
        ) : (
          t("signInButton")
        )}
      </Button>
    </form>
  );
}
