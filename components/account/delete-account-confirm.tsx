"use client";
// The confirm before deleting the account: names what will be lost (gallery images, projects,
// credits, the plan) and asks for the password — or, for accounts that sign in with Google or Apple
// only, sends the person to sign in again first. Loaded on the first press of Delete account.
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { OAuthButtons } from "@/components/auth/oauth-buttons";
import { PasswordInput } from "@/components/auth/password-input";
import { AlertDialog, AlertDialogCancel, AlertDialogContent, AlertDialogFooter } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api/client";
import { useRouter } from "@/lib/i18n/navigation";
import type { AccountSummary } from "@/lib/validation/account";
import { useAccountSummary, useDeleteAccount } from "./use-account-data";

const KNOWN_ERRORS = new Set(["wrong_password", "password_required", "reauthentication_required", "plan_not_cancelled", "rate_limited"]);

function LossList({ summary }: { summary: AccountSummary }) {
  const t = useTranslations("AccountData");
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="delete-losses">
      <li>{t("loseGallery", { count: summary.galleryImages })}</li>
      <li>{t("loseProjects", { count: summary.projects })}</li>
      <li>{t("loseCredits", { count: summary.credits })}</li>
      {summary.plan && <li>{t("losePlan", { plan: summary.plan.name })}</li>}
    </ul>
  );
}

export function DeleteAccountConfirm({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useTranslations("AccountData");
  const router = useRouter();
  const [password, setPassword] = useState("");
  const summary = useAccountSummary(open);
  const remove = useDeleteAccount();
  const needsPassword = summary.data?.hasPassword ?? false;
  const mustSignInAgain = summary.data ? !summary.data.hasPassword && !summary.data.recentlySignedIn : false;

  const errorText = (error: unknown) => {
    if (error instanceof ApiError && error.code && KNOWN_ERRORS.has(error.code)) return t(`error_${error.code}` as "error_wrong_password");
    return t("error_other");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(needsPassword ? password : undefined, {
      onSuccess: () => {
        onOpenChange(false);
        toast.success(t("deletedTitle"), { description: t("deletedBody") });
        router.replace("/");
      },
    });
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) {
          setPassword("");
          remove.reset();
        }
      }}
    >
      <AlertDialogContent title={t("confirmTitle")} description={t("confirmIntro")}>
        <form onSubmit={submit} className="grid gap-4">
          {summary.isPending ? (
            <Spinner className="mx-auto size-6" />
          ) : summary.isError ? (
            <p className="text-destructive text-sm">{t("error_other")}</p>
          ) : (
            <>
              <LossList summary={summary.data} />
              <p className="text-muted-foreground text-xs">{t("keepBooks")}</p>
              {needsPassword && (
                <div className="grid gap-2">
                  <Label htmlFor="delete-password">{t("passwordLabel")}</Label>
                  <PasswordInput
                    id="delete-password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    required
                  />
                </div>
              )}
              {mustSignInAgain && (
                <div className="grid gap-2">
                  <p className="text-sm">{t("signInAgain")}</p>
                  <OAuthButtons returnTo="/account" />
                </div>
              )}
            </>
          )}
          {remove.isError && (
            <p role="alert" className="text-destructive text-sm">
              {errorText(remove.error)}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel type="button">{t("keep")}</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!summary.data || mustSignInAgain || remove.isPending || (needsPassword && !password)}>
              {remove.isPending ? t("deleting") : t("confirmButton")}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
