// /preview/access: the form a preview protected by PREVIEW_PASSWORD shows in place of any page (the
// proxy rewrites to it) until the password is given. 404 anywhere else. Rendered per request: whether
// a password is asked is known when the server runs, not when it was built.
import { setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { PreviewAccessForm } from "@/components/preview/preview-access-form";
import { previewPageMetadata } from "@/components/preview/preview-page";
import { safeReturnPath } from "@/lib/http/return-path";
import type { Locale } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";
import { siteSettings } from "@/lib/settings/site";

export const dynamic = "force-dynamic";

interface PreviewAccessPageProps {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ next?: string | string[]; error?: string | string[] }>;
}

export const generateMetadata = previewPageMetadata("PreviewAccess");

export default async function PreviewAccessPage({ params, searchParams }: PreviewAccessPageProps) {
  const [{ locale }, query] = await Promise.all([params, searchParams]);
  if (!siteSettings().preview?.password) notFound();
  setRequestLocale(locale);
  const next = safeReturnPath(typeof query.next === "string" ? query.next : null, localizedPath(locale as Locale, "/"));
  const problem = query.error === "wrong" || query.error === "limited" ? query.error : null;
  return <PreviewAccessForm locale={locale} next={next} problem={problem} />;
}
