"use client";
// The second step of a sign-in for an account with two-step sign-in: a code from the authenticator
// app or a recovery code. The challenge itself is an httpOnly cookie the first step set.
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PendingButton } from "@/components/ui/pending-button";
import { formText } from "./form-text";
import { useSecondStep } from "./use-auth";

export function SecondStepForm({ onSuccess }: { onSuccess?: () => void }) {
  const t = useTranslations("Auth");
  const secondStep = useSecondStep();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    secondStep.mutate({ code: formText(event)("code") }, { onSuccess: () => onSuccess?.() });
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-labelledby="second-step-title">
      <div className="grid gap-1">
        <h3 id="second-step-title" className="text-lg font-semibold">
          {t("twoFactorTitle")}
        </h3>
        <p className="text-muted-foreground text-sm">{t("twoFactorHint")}</p>
      </div>
      <FormField label={t("twoFactorCode")}>
        <Input name="code" required autoFocus autoComplete="one-time-code" inputMode="text" spellCheck={false} maxLength={32} placeholder="123456" />
      </FormField>
      <PendingButton
        type="submit"
        className="w-full"
        pending={secondStep.isPending}
        pendingLabel={t("twoFactorVerifying")}
        spinnerLabel={t("twoFactorVerifying")}
      >
        {t("twoFactorSubmit")}
      </PendingButton>
    </form>
  );
}
