"use client";
// Account creation: first and last name, e-mail, and a password of at least 6 characters.
import { useLocale, useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import type { Locale } from "@/lib/i18n/locales";
import { PASSWORD_MIN_LENGTH } from "@/lib/validation/limits";
import { EmailField } from "./email-field";
import { PasswordInput } from "./password-input";
import { useRegister } from "./use-auth";

export function SignUpForm({ onSuccess }: { onSuccess?: () => void }) {
  const t = useTranslations("Auth");
  const id = useId();
  const register = useRegister();
  const locale = useLocale() as Locale;
  const [form, setForm] = useState({ firstName: "", lastName: "", email: "", password: "" });
  const field = (name: keyof typeof form) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    register.mutate({ ...form, locale }, { onSuccess: () => onSuccess?.() });
  }

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-first`}>{t("firstName")}</Label>
          <Input id={`${id}-first`} autoComplete="given-name" required placeholder={t("firstNamePlaceholder")} {...field("firstName")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-last`}>{t("lastName")}</Label>
          <Input id={`${id}-last`} autoComplete="family-name" required placeholder={t("lastNamePlaceholder")} {...field("lastName")} />
        </div>
      </div>
      <EmailField {...field("email")} />
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>{t("password")}</Label>
        <PasswordInput
          id={`${id}-password`}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          placeholder={t("passwordNewPlaceholder")}
          {...field("password")}
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
