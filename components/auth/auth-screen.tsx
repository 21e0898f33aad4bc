"use client";
// The /auth screen: the Welcome panel beside the sign-in and sign-up tabs. A signed-in user is sent on.
import { Sparkles, Wand2, Scissors, ImagePlus } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { AuthPanel, type AuthMode } from "./auth-panel";
import { SecondStepForm } from "./second-step-form";
import { useSignedIn } from "./use-auth";

interface AuthScreenProps {
  returnTo: string;
  notice?: string;
  initialMode?: AuthMode;
  /** "code": a first factor (Google, Apple, a reset link) passed, and the code is what is left to ask. */
  initialStep?: "code";
  /** Rendered by the server in a preview only (components/preview/reviewer-sign-in.tsx). */
  reviewerSignIn?: ReactNode;
}

export function AuthScreen({ returnTo, notice, initialMode = "signin", initialStep, reviewerSignIn }: AuthScreenProps) {
  const t = useTranslations("Auth");
  const tc = useTranslations("Common");
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [askCode, setAskCode] = useState(initialStep === "code");
  const signedIn = useSignedIn();

  useEffect(() => {
    if (signedIn) router.replace(localizedPath(locale, returnTo));
  }, [signedIn, locale, returnTo, router]);

  // The server sends signed-in visitors on before this renders; the spinner covers the moment after signing in.
  if (signedIn) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner aria-label={tc("loading")} className="size-8" />
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 md:grid-cols-2 md:py-14">
      <section className="from-primary relative hidden overflow-hidden rounded-2xl bg-gradient-to-br to-fuchsia-500 p-10 text-white md:flex md:flex-col md:justify-center">
        <Sparkles aria-hidden className="mb-6 size-10 opacity-90" />
        <h2 className="text-4xl font-bold tracking-tight">{t("welcomeTitle")}</h2>
        <p className="mt-4 text-lg text-white/90">{t("welcomeBody")}</p>
        <ul className="mt-8 grid gap-3 text-white/90">
          <li className="flex items-center gap-3">
            <ImagePlus aria-hidden className="size-5" />
            {t("welcomePointGenerate")}
          </li>
          <li className="flex items-center gap-3">
            <Wand2 aria-hidden className="size-5" />
            {t("welcomePointEdit")}
          </li>
          <li className="flex items-center gap-3">
            <Scissors aria-hidden className="size-5" />
            {t("welcomePointTools")}
          </li>
        </ul>
      </section>
      <Card className="w-full">
        <CardHeader>
          <CardTitle className="text-2xl">{t("pageTitle")}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {notice && (
            <p role="alert" className="border-destructive/30 bg-destructive/10 text-destructive rounded-md border p-3 text-sm">
              {notice}
            </p>
          )}
          {askCode ? (
            <>
              <SecondStepForm />
              <button type="button" className="text-primary justify-self-center text-sm font-medium hover:underline" onClick={() => setAskCode(false)}>
                {t("twoFactorStartOver")}
              </button>
            </>
          ) : (
            <AuthPanel mode={mode} onModeChange={setMode} returnTo={returnTo} />
          )}
          {reviewerSignIn}
        </CardContent>
      </Card>
    </div>
  );
}
