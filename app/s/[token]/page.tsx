// /s/{token}: a shared picture, for anyone with the link, without signing in. Unknown, revoked,
// expired, hidden, removed and suspended owners' links are all the same 404. Each view is counted on
// the share alone (no cookie, no address). Search engines are told not to index it unless the owner
// allowed it; the link unfurls with the shared copy as its Open Graph image.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getTranslations } from "next-intl/server";
import { SharedImageView } from "@/components/shared-image/shared-image-view";
import { appOrigin } from "@/lib/http/app-origin";
import { localizedPath } from "@/lib/i18n/pages";
import { viewerLocale } from "@/lib/i18n/viewer-locale";
import { countShareView, findPublicShare } from "@/lib/shares/public-share";

/** Looked up once per request: the page and its metadata read the same share. */
const findShare = cache(findPublicShare);

interface SharePageProps {
  params: Promise<{ token: string }>;
}

async function sharePageTexts() {
  const locale = viewerLocale(await headers());
  return { locale, t: await getTranslations({ locale, namespace: "Share" }) };
}

export async function generateMetadata({ params }: SharePageProps): Promise<Metadata> {
  const { token } = await params;
  const [share, { t }] = await Promise.all([findShare(token), sharePageTexts()]);
  if (!share) return { title: t("notFoundTitle"), robots: { index: false, follow: false } };
  const title = share.caption ? `${share.caption} · Pictura` : t("metaTitle");
  const description = t("metaDescription");
  const image = {
    url: `${appOrigin()}${share.imageUrl}`,
    ...(share.width && share.height ? { width: share.width, height: share.height } : {}),
    alt: t("imageAlt"),
  };
  return {
    metadataBase: new URL(appOrigin()),
    title,
    description,
    robots: share.indexable ? { index: true, follow: true } : { index: false, follow: false },
    alternates: { canonical: share.url },
    openGraph: { type: "website", siteName: "Pictura", title, description, url: share.url, images: [image] },
    twitter: { card: "summary_large_image", title, description, images: [image.url] },
  };
}

export default async function SharePage({ params }: SharePageProps) {
  const { token } = await params;
  const [share, { locale, t }] = await Promise.all([findShare(token), sharePageTexts()]);
  if (!share) notFound();
  await countShareView(share.id);
  return (
    <SharedImageView
      share={share}
      texts={{
        title: share.caption ?? t("title"),
        imageAlt: share.caption ?? t("imageAlt"),
        aiLabel: share.ai === "made" ? t("madeWithAi") : share.ai === "changed" ? t("changedWithAi") : null,
        promptHeading: t("prompt"),
        madeWith: t("madeWithPictura"),
        verify: t("verify"),
        report: t("report"),
      }}
      links={{
        home: localizedPath(locale, "/"),
        verify: localizedPath(locale, "/verify"),
        report: localizedPath(locale, `/report?url=${encodeURIComponent(share.url)}`),
      }}
    />
  );
}
