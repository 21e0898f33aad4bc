"use client";
// The labelled e-mail field of the sign-in, sign-up and reset-link forms.
import { useTranslations } from "next-intl";
import { Input } from "@/components/ui/input";
import { FormField } from "@/components/ui/form-field";

/** Sent as the form's `email` field. */
export function EmailField() {
  const t = useTranslations("Auth");
  return (
    <FormField label={t("email")}>
      <Input name="email" type="email" autoComplete="email" required placeholder={t("emailPlaceholder")} />
    </FormField>
  );
}
