// /preview/outbox: the mail a preview stored instead of sending, newest first. A signed-in account
// sees the mail addressed to itself; the team, who gave PREVIEW_PASSWORD, may see every account's
// (?all=1). Who sees what is decided in lib/preview/outbox-view.ts. Outside a preview there is no
// such page (404). Rendered per request: whether this is a preview is known when the server runs.
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { OutboxMailCard } from "@/components/preview/outbox-mail";
import { previewPageMetadata } from "@/components/preview/preview-page";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { OUTBOX_PAGE_SIZE } from "@/lib/preview/outbox";
import { outboxPageView } from "@/lib/preview/outbox-view";
import { siteSettings } from "@/lib/settings/site";

export const dynamic = "force-dynamic";

interface OutboxPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ all?: string | string[] }>;
}

export const generateMetadata = previewPageMetadata("PreviewOutbox");

export default async function OutboxPage({ params, searchParams }: OutboxPageProps) {
  const [{ locale }, query] = await Promise.all([params, searchParams]);
  if (!siteSettings().mailOutbox) notFound();
  setRequestLocale(locale);
  const view = await outboxPageView({ all: query.all === "1" });
  if (view.scope === "sign-in") return redirect({ href: "/auth?returnTo=/preview/outbox", locale });
  const t = await getTranslations("PreviewOutbox");
  const { mails } = view;
  const here = localizedPath(locale as Locale, "/preview/outbox");
  const switchLink = "text-primary mt-2 inline-block text-sm underline";
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      {view.scope === "own" ? (
        <>
          <p className="text-muted-foreground mt-2">{t("description", { address: view.address })}</p>
          <p className="text-muted-foreground mt-2 text-sm">{t("tryReset")}</p>
          {view.canViewAll && (
            <a href={`${here}?all=1`} className={switchLink}>
              {t("showAll")}
            </a>
          )}
        </>
      ) : (
        <>
          <p className="text-muted-foreground mt-2">{t("descriptionAll")}</p>
          {view.signedIn && (
            <a href={here} className={switchLink}>
              {t("showOwn")}
            </a>
          )}
        </>
      )}
      {mails.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed p-6 text-center">{t("empty")}</p>
      ) : (
        <ol className="mt-6 grid gap-4">
          {mails.map((mail) => (
            <OutboxMailCard key={mail.id} mail={mail} />
          ))}
        </ol>
      )}
      {mails.length === OUTBOX_PAGE_SIZE && <p className="text-muted-foreground mt-4 text-sm">{t("newestOnly", { count: OUTBOX_PAGE_SIZE })}</p>}
    </section>
  );
}
