"use client";
// The labelled e-mail field of the sign-in, sign-up and reset-link forms.
import { useTranslations } from "next-intl";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** Sent as the form's `email` field. */
export function EmailField() {
  const t = useTranslations("Auth");
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t("email")}</Label>
      <Input id={id} name="email" type="email" autoComplete="email" required placeholder={t("emailPlaceholder")} />
    </div>
  );
}
