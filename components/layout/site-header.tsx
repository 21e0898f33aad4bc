"use client";
// The header on every screen: logo, credits left, language picker, Gallery and Upgrade (signed in)
// or Login (signed out), and the menu. It fits a 320 px phone in every language: below the desktop
// breakpoint the credits show as a number, the language as its code (a globe on phones) and Gallery
// only in the menu; on phones Upgrade is a crown. The menu button and Login never shrink, so they
// stay on screen; what is left of the row shrinks first.
import { Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";
import { useOpenAuthDialog } from "@/components/auth/open-auth-dialog";
import { useCurrentUser } from "@/components/auth/use-auth";
import { useResetGuestCredits } from "@/components/credits/guest-credits";
import { Button } from "@/components/ui/button";
import { Link } from "@/components/layout/intent-link";
import { CreditsLeft } from "./credits-left";
import { LanguagePicker } from "./language-picker";
import { UpgradeLink } from "./upgrade-link";
import { UserMenu } from "./user-menu";

export function SiteHeader() {
  const t = useTranslations("Header");
  const tc = useTranslations("Common");
  const { data: user, isPending } = useCurrentUser();
  const openAuthDialog = useOpenAuthDialog();
  useResetGuestCredits(!isPending && !user);
  const signedIn = Boolean(user);

  return (
    <header className="bg-background/85 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
        <Link href="/" aria-label={t("home")} className="flex shrink-0 items-center gap-2 font-semibold">
          <span className="from-primary flex size-8 items-center justify-center rounded-lg bg-gradient-to-br to-fuchsia-500 text-white">
            <Sparkles aria-hidden className="size-4" />
          </span>
          <span className="hidden text-lg sm:inline">{tc("brand")}</span>
        </Link>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <CreditsLeft credits={user?.credits ?? 0} />
          <LanguagePicker />
          {signedIn ? (
            <>
              <Button variant="ghost" size="sm" asChild className="hidden lg:inline-flex">
                <Link href="/gallery">{t("gallery")}</Link>
              </Button>
              <UpgradeLink />
            </>
          ) : (
            // Until the session is known, the button holds its place unseen, so nothing shifts for guests.
            <Button size="sm" className={isPending ? "invisible" : undefined} aria-hidden={isPending || undefined} onClick={() => openAuthDialog("signin")}>
              {t("login")}
            </Button>
          )}
          <UserMenu signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}
