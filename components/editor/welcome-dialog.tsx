"use client";
// The welcome dialog (spec §2, §4): shown once to visitors who are not signed in, with a trial view
// and a sign-in view; closing it in any way remembers `hasSeenWelcome`.
import { useTranslations } from "next-intl";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useCurrentUser } from "@/components/auth/use-auth";
import { Button } from "@/components/ui/button";
import { FirstScreenDialog } from "@/components/ui/first-screen-dialog";
import { whenIdle } from "@/lib/browser/when-idle";
import { TRIAL_CREDITS } from "@/lib/credits/constants";
import { Link } from "@/components/layout/intent-link";

export const WELCOME_KEY = "hasSeenWelcome";

function readSeen(): boolean {
  try {
    return localStorage.getItem(WELCOME_KEY) === "true";
  } catch {
    return true;
  }
}

function rememberSeen(): void {
  try {
    localStorage.setItem(WELCOME_KEY, "true");
  } catch {
    // Private mode: the dialog may show again next time.
  }
}

export function WelcomeDialog() {
  const t = useTranslations("Editor");
  const tc = useTranslations("Common");
  const { data: user, isPending } = useCurrentUser();
  const seenAtLoad = useSyncExternalStore(
    () => () => undefined,
    readSeen,
    () => true,
  );
  const [closed, setClosed] = useState(false);
  const [view, setView] = useState<"trial" | "signin">("trial");
  // Opening a modal restyles the whole page: it waits until the page has finished starting up.
  const [settled, setSettled] = useState(false);
  useEffect(() => whenIdle(() => setSettled(true)), []);
  const open = settled && !isPending && !user && !seenAtLoad && !closed;

  // Someone who has signed in here already knows Pictura: no trial pitch after they sign out.
  useEffect(() => {
    if (user) rememberSeen();
  }, [user]);

  function close() {
    rememberSeen();
    setClosed(true);
  }
  const trial = view === "trial";

  return (
    <FirstScreenDialog
      open={open}
      onOpenChange={(next) => !next && close()}
      closeLabel={tc("close")}
      data-testid="welcome-dialog"
      title={trial ? t("welcomeTitle") : t("welcomeBackTitle")}
      description={trial ? t("welcomeTrial", { credits: TRIAL_CREDITS }) : t("welcomeBackBody")}
    >
      {trial && <p className="rounded-lg border p-3 text-sm">{t("welcomePro")}</p>}
      <div className="grid gap-2">
        <Button asChild onClick={close}>
          <Link href={trial ? "/auth?mode=signup" : "/auth"}>{trial ? t("startTrial") : t("signIn")}</Link>
        </Button>
        <Button variant="outline" onClick={() => setView(trial ? "signin" : "trial")}>
          {trial ? t("signIn") : t("backToTrial")}
        </Button>
        {trial && (
          <Button variant="ghost" onClick={close}>
            {t("continueWithout")}
          </Button>
        )}
      </div>
    </FirstScreenDialog>
  );
}
