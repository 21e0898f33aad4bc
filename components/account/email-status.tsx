"use client";
// The account's address: verified or not, and the verification link sent again on request.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { PendingButton } from "@/components/ui/pending-button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useResendVerification } from "./use-account-security";

interface EmailStatusProps {
  email: string;
  verified: boolean;
  /** The trial's credits wait for the verification (REQUIRE_EMAIL_VERIFICATION). */
  creditsHeldBack: boolean;
  mailAvailable: boolean;
}

export function EmailStatus({ email, verified, creditsHeldBack, mailAvailable }: EmailStatusProps) {
  const t = useTranslations("AccountSecurity");
  const resend = useResendVerification(email);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-3 text-lg">
          {t("emailTitle")}
          <Badge variant={verified ? "success" : "outline"} data-testid="email-status">
            {verified ? t("verified") : t("notVerified")}
          </Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="font-medium break-all">{email}</p>
        {!verified && (
          <>
            <p className="text-muted-foreground text-sm">{t("verifyHint")}</p>
            {creditsHeldBack && <p className="text-sm font-medium">{t("creditsHeldBack")}</p>}
            {mailAvailable ? (
              <PendingButton variant="outline" className="w-fit" pending={resend.isPending} pendingLabel={t("resending")} onClick={() => resend.mutate()}>
                {t("resend")}
              </PendingButton>
            ) : (
              <p className="text-muted-foreground text-sm">{t("mailUnavailable")}</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
