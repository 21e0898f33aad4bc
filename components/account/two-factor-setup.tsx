"use client";
// Setting up two-step sign-in: the QR code to scan (an <img> of the server's SVG, so nothing in it can
// run), the key to type in by hand where scanning is not possible (on the phone itself, say), and the
// app's first code, which turns it on.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import type { TwoFactorEnrolment } from "@/lib/validation/two-factor";
import { CopyTextButton } from "./copy-text-button";
import { TwoFactorCodeField } from "./two-factor-code-field";
import { TwoFactorFormActions } from "./two-factor-form-actions";
import { useConfirmTwoFactor } from "./use-two-factor";

interface TwoFactorSetupProps {
  enrolment: TwoFactorEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** The key in groups of four, as authenticator apps show it and people type it. */
function grouped(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export function TwoFactorSetup({ enrolment, onConfirmed, onCancel }: TwoFactorSetupProps) {
  const t = useTranslations("TwoFactor");
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    confirm.mutate(code.trim(), { onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes) });
  }

  return (
    <div className="grid gap-5 hyphens-auto wrap-anywhere" data-testid="two-factor-setup">
      <div className="grid gap-3">
        <p className="text-sm">{t("scanStep")}</p>
        {/* eslint-disable-next-line @next/next/no-img-element -- an SVG made by our server, shown as an image so it cannot run anything */}
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
          alt={t("qrAlt")}
          width={192}
          height={192}
          className="border-border size-48 max-w-full rounded-md border bg-white p-2"
        />
        {enrolment.uri.startsWith("otpauth://") && (
          <a href={enrolment.uri} className="text-primary w-fit text-sm underline underline-offset-4">
            {t("openInApp")}
          </a>
        )}
        <p className="text-muted-foreground text-sm">{t("manualEntry")}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="bg-background min-w-0 flex-1 rounded border px-3 py-2 font-mono text-sm wrap-anywhere" data-testid="two-factor-secret">
            {grouped(enrolment.secret)}
          </code>
          <CopyTextButton
            text={enrolment.secret}
            label={t("copy")}
            copiedLabel={t("copied")}
            accessibleLabel={t("copyKeyLabel")}
            failedMessage={t("copyFailed")}
          />
        </div>
      </div>
      <form onSubmit={submit} className="grid gap-3 sm:max-w-xs">
        <p className="text-sm">{t("codeStep")}</p>
        <TwoFactorCodeField label={t("codeLabel")} value={code} onChange={setCode} error={confirm.isError ? confirm.error : null} digitsOnly />
        <TwoFactorFormActions code={code} pending={confirm.isPending} pendingLabel={t("confirming")} onCancel={onCancel}>
          {t("confirm")}
        </TwoFactorFormActions>
      </form>
    </div>
  );
}
