"use client";
// E-mail and password sign-in, then the code of an account with two-step sign-in.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { PendingButton } from "@/components/ui/pending-button";
import { Link } from "@/components/layout/intent-link";
import { EmailField } from "./email-field";
import { formText } from "./form-text";
import { PasswordInput } from "./password-input";
import { SecondStepForm } from "./second-step-form";
import { needsSecondStep, useLogin } from "./use-auth";

export function SignInForm({ onSuccess }: { onSuccess?: () => void }) {
  const t = useTranslations("Auth");
  const login = useLogin();
  const [secondStep, setSecondStep] = useState(false);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = formText(event);
    login.mutate(
      { email: field("email"), password: field("password") },
      { onSuccess: (answer) => (needsSecondStep(answer) ? setSecondStep(true) : onSuccess?.()) },
    );
  }

  if (secondStep) return <SecondStepForm onSuccess={onSuccess} />;

  return (
    <form onSubmit={submit} className="grid gap-4">
      <EmailField />
      <FormField
        label={t("password")}
        labelAside={
          // Leaving for the reset page also closes the sign-in dialog this form may sit in.
          <Link href="/auth/reset" className="text-primary text-sm font-medium hover:underline" onClick={() => onSuccess?.()}>
            {t("forgotPassword")}
          </Link>
        }
      >
        <PasswordInput name="password" autoComplete="current-password" required placeholder={t("passwordPlaceholder")} />
      </FormField>
      <PendingButton type="submit" className="w-full" pending={login.isPending} pendingLabel={t("signingIn")} spinnerLabel={t("signingIn")}>
        {t("signInButton")}
      </PendingButton>
    </form>
  );
}
