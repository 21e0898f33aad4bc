// What a link that shows nothing answers (404), in the viewer's language: unknown, revoked, expired,
// hidden pending review, removed, or its owner suspended — never which of them.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import { localizedPath } from "@/lib/i18n/pages";
import { viewerLocale } from "@/lib/i18n/viewer-locale";

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function ShareNotFound() {
  const locale = viewerLocale(await headers());
  const t = await getTranslations({ locale, namespace: "Share" });
  return (
    <main className="mx-auto grid min-h-dvh max-w-xl place-content-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-semibold">{t("notFoundTitle")}</h1>
      <p className="text-muted-foreground">{t("notFoundBody")}</p>
      <a href={localizedPath(locale, "/")} className="text-primary inline-flex min-h-11 items-center justify-center underline underline-offset-4">
        {t("home")}
      </a>
    </main>
  );
}
