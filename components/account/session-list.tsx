"use client";
// Where the account is signed in: each session's device, country, sign-in method and dates, this
// browser marked, and the ways to end one session or all the others.
import { Monitor } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import type { SessionView } from "@/lib/validation/auth";
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
  const format = useFormatter();
  const locale = useLocale();
  const end = useEndSession();
  const when = (value: string) => format.dateTime(new Date(value), { dateStyle: "medium", timeStyle: "short" });
  const place = [session.device ?? t("unknownDevice"), session.country ? countryName(locale, session.country) : null].filter(Boolean).join(" · ");
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" data-testid="session-row">
      <Monitor aria-hidden className="text-muted-foreground size-5 shrink-0" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {place}
          {session.current && <Badge variant="secondary">{t("thisBrowser")}</Badge>}
        </p>
        <p className="text-muted-foreground text-xs">
          {METHODS.has(session.method) ? t(`method_${session.method}` as "method_password") : session.method} ·{" "}
          {t("signedInOn", { date: when(session.createdAt) })} · {t("lastActive", { date: when(session.lastActiveAt) })}
        </p>
      </div>
      <Button variant="outline" size="sm" disabled={end.isPending} onClick={() => end.mutate(session)}>
        {t("endSession")}
      </Button>
    </li>
  );
}

export function SessionList() {
  const t = useTranslations("AccountSecurity");
  const sessions = useSessions();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t("sessionsTitle")}</CardTitle>
        <CardDescription>{t("sessionsDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {sessions.isPending && <Spinner aria-hidden className="size-6" />}
        {sessions.isError && <p className="text-destructive text-sm">{t("loadFailed")}</p>}
        {sessions.data && (
          <ul className="divide-border divide-y">
            {sessions.data.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
        )}
        {others > 0 && (
          <Button variant="outline" className="w-fit" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
            {endOthers.isPending && <Spinner aria-hidden />}
            {t("endOthers")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
