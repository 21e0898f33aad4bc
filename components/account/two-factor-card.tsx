"use client";
// The Account page's "Two-step sign-in" section. Off: a button starts the setup (QR code, key, first
// code); once confirmed, the recovery codes are shown this once; on: how many recovery codes are left,
// and turning it off with the password and a code.
import { ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import { Spinner } from "@/components/ui/spinner";
import type { TwoFactorEnrolment } from "@/lib/validation/two-factor";
import { AccountSection } from "./account-section";
import { RecoveryCodes } from "./recovery-codes";
import { TwoFactorSetup } from "./two-factor-setup";
import { TwoFactorTurnOff } from "./two-factor-turn-off";
import { useStartTwoFactor, useTwoFactorStatus } from "./use-two-factor";

function TwoFactorOn({ recoveryCodesLeft, hasPassword }: { recoveryCodesLeft: number; hasPassword: boolean }) {
  const t = useTranslations("TwoFactor");
  const [turningOff, setTurningOff] = useState(false);
  return (
    <div className="grid gap-4 hyphens-auto wrap-anywhere">
      <div className="grid gap-1">
        <p className="flex items-center gap-2 font-medium">
          <ShieldCheck aria-hidden className="text-success size-5 shrink-0" />
          {t("isOn")}
        </p>
        <p className="text-muted-foreground text-sm" data-testid="recovery-codes-left">
          {t("codesLeft", { count: recoveryCodesLeft })}
        </p>
      </div>
      {turningOff ? (
        <TwoFactorTurnOff hasPassword={hasPassword} onCancel={() => setTurningOff(false)} />
      ) : (
        <Button type="button" variant="outline" className="w-fit" onClick={() => setTurningOff(true)}>
          {t("turnOff")}
        </Button>
      )}
    </div>
  );
}

function TwoFactorOff({ onStarted }: { onStarted: (enrolment: TwoFactorEnrolment) => void }) {
  const t = useTranslations("TwoFactor");
  const start = useStartTwoFactor();
  return (
    <div className="grid gap-3">
      <p className="text-sm">{t("isOff")}</p>
      <PendingButton className="w-fit" pending={start.isPending} pendingLabel={t("starting")} onClick={() => start.mutate(undefined, { onSuccess: onStarted })}>
        {t("turnOn")}
      </PendingButton>
    </div>
  );
}

export function TwoFactorCard({ hasPassword }: { hasPassword: boolean }) {
  const t = useTranslations("TwoFactor");
  const status = useTwoFactorStatus();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  function confirmed(codes: string[]) {
    setEnrolment(null);
    setRecoveryCodes(codes);
  }

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (status.isPending) body = <Spinner aria-hidden className="size-6" />;
  else if (status.isError) body = <p className="text-destructive text-sm">{t("loadFailed")}</p>;
  else if (status.data.enabled) body = <TwoFactorOn recoveryCodesLeft={status.data.recoveryCodesLeft} hasPassword={hasPassword} />;
  else if (enrolment) body = <TwoFactorSetup enrolment={enrolment} onConfirmed={confirmed} onCancel={() => setEnrolment(null)} />;
  else body = <TwoFactorOff onStarted={setEnrolment} />;

  return (
    <AccountSection id="two-factor" data-testid="two-factor" title={t("title")} description={t("description")}>
      {body}
    </AccountSection>
  );
}
