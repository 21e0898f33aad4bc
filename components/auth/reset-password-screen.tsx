"use client";
// /auth/reset: ask for a reset link by e-mail, or — opened from that link — choose the new password,
// which signs this browser in and every other session out.
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { useForgotPassword, useResetPassword } from "@/components/account/use-account-security";
import { Link } from "@/components/layout/intent-link";
import { PendingButton } from "@/components/ui/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { toast } from "@/components/ui/toaster";
import { useRouter } from "@/lib/i18n/navigation";
import { PASSWORD_MIN_LENGTH } from "@/lib/validation/limits";
import { EmailField } from "./email-field";
import { formText } from "./form-text";
import { needsSecondStep } from "./use-auth";
import { PasswordInput } from "./password-input";
import { useErrorMessage } from "./use-error-message";

function Problem({ children }: { children: string }) {
  return (
    <p role="alert" className="border-destructive/30 bg-destructive/10 text-destructive rounded-md border p-3 text-sm">
      {children}
    </p>
  );
}

function RequestLinkForm() {
  const t = useTranslations("PasswordReset");
  const describe = useErrorMessage();
  const forgot = useForgotPassword();

  if (forgot.isSuccess) {
    return (
      <div role="status" className="grid gap-2">
        <p className="font-semibold">{t("sentTitle")}</p>
        <p className="text-muted-foreground text-sm">{t("sentBody", { email: forgot.variables })}</p>
      </div>
    );
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    forgot.mutate(formText(event)("email"));
  }
  return (
    <form onSubmit={submit} className="grid gap-4">
      {forgot.isError && <Problem>{describe(forgot.error)}</Problem>}
      <EmailField />
      <PendingButton type="submit" pending={forgot.isPending} pendingLabel={t("sending")}>
        {t("send")}
      </PendingButton>
    </form>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const t = useTranslations("PasswordReset");
  const ts = useTranslations("AccountSecurity");
  const describe = useErrorMessage();
  const router = useRouter();
  const reset = useResetPassword();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    reset.mutate(
      { token, password: formText(event)("password") },
      {
        onSuccess: (answer) => {
          toast.success(t("doneTitle"), { description: t("doneBody") });
          // With two-step sign-in on, the new password signs in only with a code.
          router.replace(needsSecondStep(answer) ? "/auth?step=code" : "/account");
        },
      },
    );
  }
  return (
    <form onSubmit={submit} className="grid gap-4">
      {reset.isError && (
        <div className="grid gap-2">
          <Problem>{describe(reset.error)}</Problem>
          <Link href="/auth/reset" className="text-primary text-sm font-medium hover:underline">
            {t("askAgain")}
          </Link>
        </div>
      )}
      <FormField label={ts("newPassword")}>
        <PasswordInput name="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} />
      </FormField>
      <PendingButton type="submit" pending={reset.isPending} pendingLabel={t("saving")} disabled={reset.isSuccess}>
        {t("save")}
      </PendingButton>
    </form>
  );
}

export function ResetPasswordScreen({ token, mailAvailable }: { token: string | null; mailAvailable: boolean }) {
  const t = useTranslations("PasswordReset");
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 md:py-16">
      <Card>
        <CardHeader>
          <CardTitle className="text-2xl">
            <h1>{token ? t("chooseTitle") : t("requestTitle")}</h1>
          </CardTitle>
          <CardDescription>{token ? t("chooseBody") : t("requestBody")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {token ? <NewPasswordForm token={token} /> : mailAvailable ? <RequestLinkForm /> : <Problem>{t("unavailable")}</Problem>}
          <Link href="/auth" className="text-muted-foreground text-center text-sm hover:underline">
            {t("backToSignIn")}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
