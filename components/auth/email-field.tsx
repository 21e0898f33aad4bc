"use client";
// The labelled e-mail field of the sign-in, sign-up and reset-link forms.
import { useTranslations } from "next-intl";
import { useId, type ChangeEvent } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface EmailFieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

export function EmailField({ value, onChange }: EmailFieldProps) {
  const t = useTranslations("Auth");
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t("email")}</Label>
      <Input id={id} type="email" autoComplete="email" required value={value} placeholder={t("emailPlaceholder")} onChange={onChange} />
    </div>
  );
}
