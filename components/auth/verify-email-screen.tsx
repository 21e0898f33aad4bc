"use client";
// /auth/verify: opened from the verification mail, it confirms the address once the page has loaded
// (a mail scanner that only fetches the link uses nothing up) and says how it went.
import { CheckCircle2, XCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useVerifyEmail } from "@/components/account/use-account-security";
import { Link } from "@/components/layout/intent-link";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useErrorMessage } from "./use-error-message";

export function VerifyEmailScreen({ token }: { token: string | null }) {
  const t = useTranslations("EmailVerification");
  const describe = useErrorMessage();
  const verify = useVerifyEmail();
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const failed = !token || verify.isError;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-3 text-2xl">
            {verify.isSuccess && <CheckCircle2 aria-hidden className="text-success size-7" />}
            {failed && <XCircle aria-hidden className="text-destructive size-7" />}
            <h1>{verify.isSuccess ? t("doneTitle") : failed ? t("failedTitle") : t("pageTitle")}</h1>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4" aria-live="polite">
          {!failed && !verify.isSuccess && (
            <p className="text-muted-foreground flex items-center gap-2">
              <Spinner aria-hidden />
              {t("verifying")}
            </p>
          )}
          {verify.isSuccess && <p>{t("doneBody", { email: verify.data.email })}</p>}
          {failed && <p role="alert">{token ? describe(verify.error) : t("missingToken")}</p>}
          <Button asChild variant={verify.isSuccess ? "default" : "outline"} className="w-fit">
            <Link href="/account">{t("toAccount")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
