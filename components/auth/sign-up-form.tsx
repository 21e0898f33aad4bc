"use client";
// Account creation: first and last name, e-mail, and a password of at least 6 characters.
import { useLocale, useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";
import { PendingButton } from "@/components/ui/pending-button";
import type { Locale } from "@/lib/i18n/locales";
import { PASSWORD_MIN_LENGTH } from "@/lib/validation/limits";
import { EmailField } from "./email-field";
import { formText } from "./form-text";
import { PasswordInput } from "./password-input";
import { useRegister } from "./use-auth";

export function SignUpForm({ onSuccess }: { onSuccess?: () => void }) {
  const t = useTranslations("Auth");
  const register = useRegister();
  const locale = useLocale() as Locale;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = formText(event);
    const account = { firstName: field("firstName"), lastName: field("lastName"), email: field("email"), password: field("password") };
    register.mutate({ ...account, locale }, { onSuccess: () => onSuccess?.() });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label={t("firstName")}>
          <Input name="firstName" autoComplete="given-name" required placeholder={t("firstNamePlaceholder")} />
        </FormField>
        <FormField label={t("lastName")}>
          <Input name="lastName" autoComplete="family-name" required placeholder={t("lastNamePlaceholder")} />
        </FormField>
      </div>
      <EmailField />
      <FormField label={t("password")}>
        <PasswordInput name="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} placeholder={t("passwordNewPlaceholder")} />
      </FormField>
      <PendingButton type="submit" className="w-full" pending={register.isPending} pendingLabel={t("signingUp")} spinnerLabel={t("signingUp")}>
        {t("signUpButton")}
      </PendingButton>
    </form>
  );
}
