// /preview/outbox: the mail a preview stored instead of sending, newest first, for any signed-in
// reviewer. Outside a preview there is no such page (404). Rendered per request: whether this is a
// preview is known when the server runs, not when it was built.
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { OutboxMailCard } from "@/components/preview/outbox-mail";
import { getCurrentUser } from "@/lib/auth/current-user";
import { redirect } from "@/lib/i18n/navigation";
import type { Locale } from "@/lib/i18n/locales";
import { isPreview } from "@/lib/preview/mode";
import { listOutbox, OUTBOX_PAGE_SIZE } from "@/lib/preview/outbox";

export const dynamic = "force-dynamic";

interface OutboxPageProps {
  params: Promise<{ locale: string }>;
}

export async function generateMetadata({ params }: OutboxPageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: locale as Locale, namespace: "PreviewOutbox" });
  return { title: t("title"), robots: { index: false, follow: false } };
}

export default async function OutboxPage({ params }: OutboxPageProps) {
  const { locale } = await params;
  if (!isPreview()) notFound();
  setRequestLocale(locale);
  if (!(await getCurrentUser())) return redirect({ href: "/auth?returnTo=/preview/outbox", locale });
  const [mails, t] = await Promise.all([listOutbox(), getTranslations("PreviewOutbox")]);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("title")}</h1>
      <p className="text-muted-foreground mt-2">{t("description")}</p>
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
