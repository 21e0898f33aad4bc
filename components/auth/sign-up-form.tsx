"use client";
// Account creation: first and last name, e-mail, and a password of at least 6 characters.
import { useLocale, useTranslations } from "next-intl";
import { useId, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import type { Locale } from "@/lib/i18n/locales";
import { PASSWORD_MIN_LENGTH } from "@/lib/validation/limits";
import { EmailField } from "./email-field";
import { formText } from "./form-text";
import { PasswordInput } from "./password-input";
import { useRegister } from "./use-auth";

export function SignUpForm({ onSuccess }: { onSuccess?: () => void }) {
  const t = useTranslations("Auth");
  const id = useId();
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
        <div className="grid gap-2">
          <Label htmlFor={`${id}-first`}>{t("firstName")}</Label>
          <Input id={`${id}-first`} name="firstName" autoComplete="given-name" required placeholder={t("firstNamePlaceholder")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-last`}>{t("lastName")}</Label>
          <Input id={`${id}-last`} name="lastName" autoComplete="family-name" required placeholder={t("lastNamePlaceholder")} />
        </div>
      </div>
      <EmailField />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>{t("password")}</Label>
        <PasswordInput
          id={`${id}-password`}
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          placeholder={t("passwordNewPlaceholder")}
        />
      </div>
      <Button type="submit" disabled={register.isPending} className="w-full">
        {register.isPending ? (
          <>
            <Spinner aria-label={t("signingUp")} />
            {t("signingUp")}
          </>
        ) : (
          t("signUpButton")
        )}
      </Button>
    </form>
  );
}
