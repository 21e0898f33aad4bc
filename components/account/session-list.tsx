"use client";
// Where the account is signed in: each session's device, country, sign-in method and dates, this
// browser marked, and the ways to end one session or all the others.
import { Monitor } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PendingButton } from "@/components/ui/pending-button";
import type { SessionView } from "@/lib/validation/auth";
import { AccountList, AccountRow, AccountSection, useShortDateTime } from "./account-section";
import { useEndOtherSessions, useEndSession, useSessions } from "./use-account-security";

const METHODS = new Set(["password", "google", "apple", "reset", "reviewer"]);

function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

function SessionRow({ session }: { session: SessionView }) {
  const t = useTranslations("AccountSecurity");
  const when = useShortDateTime();
  const locale = useLocale();
  const end = useEndSession();
  const place = [session.device ?? t("unknownDevice"), session.country ? countryName(locale, session.country) : null].filter(Boolean).join(" · ");
  return (
    <AccountRow
      icon={Monitor}
      testId="session-row"
      title={
        <>
          {place}
          {session.current && <Badge variant="secondary">{t("thisBrowser")}</Badge>}
        </>
      }
      details={
        <>
          {METHODS.has(session.method) ? t(`method_${session.method}` as "method_password") : session.method} ·{" "}
          {t("signedInOn", { date: when(session.createdAt) })} · {t("lastActive", { date: when(session.lastActiveAt) })}
        </>
      }
    >
      <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => end.mutate(session)}>
        {t("endSession")}
      </Button>
    </AccountRow>
  );
}

export function SessionList() {
  const t = useTranslations("AccountSecurity");
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <AccountSection title={t("sessionsTitle")} description={t("sessionsDescription")} contentClassName="grid gap-3">
      <AccountList query={sessions} loadFailed={t("loadFailed")}>
        {(session) => <SessionRow key={session.id} session={session} />}
      </AccountList>
      {others > 0 && (
        <PendingButton variant="outline" className="w-fit" pending={endOthers.isPending} onClick={() => endOthers.mutate()}>
          {t("endOthers")}
        </PendingButton>
      )}
    </AccountSection>
  );
}
