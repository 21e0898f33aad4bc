// The share link's page as HTML: the picture, the owner's caption and prompt when given, the AI label,
// "Made with Pictura", a link to check its Content Credentials, and "Report"; its title, description,
// robots and Open Graph tags (the shared copy is its image, so the link unfurls). A plain document with
// its few styles inline and no script at all: Next's client runtime alone weighs more than the page's
// budget (120 kB), and a viewer needs none of it. The image keeps the width and height it is given, so
// its place is kept before it arrives (no layout shift); a tall one is fitted inside 80% of the screen.
import "server-only";
import { escapeHtml } from "@/lib/mail/templates";
import type { PublicShare } from "./public-share";

/** The page's texts in the viewer's language (the Share namespace). */
export interface SharePageTexts {
  metaTitle: string;
  metaDescription: string;
  title: string;
  imageAlt: string;
  madeWithAi: string;
  changedWithAi: string;
  prompt: string;
  madeWithPictura: string;
  verify: string;
  report: string;
  notFoundTitle: string;
  notFoundBody: string;
  home: string;
}

export interface SharePageLinks {
  home: string;
  verify: string;
  report: string;
}

const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100dvh;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;line-height:1.5;color:#14151f;background:#fbfcfe}
main{display:flex;flex-direction:column;gap:1.25rem;max-width:56rem;min-height:100dvh;margin:0 auto;padding:1.25rem 1rem}
a{color:inherit}
.brand{display:inline-flex;align-items:center;gap:.5rem;min-height:44px;font-weight:600;text-decoration:none}
.logo{display:inline-grid;place-items:center;width:2rem;height:2rem;border-radius:.5rem;color:#fff;background:linear-gradient(135deg,#5b35d5,#c026d3)}
figure{display:grid;gap:.75rem;margin:0}
img{display:block;max-width:100%;height:auto;max-height:80dvh;object-fit:contain;margin:0 auto;border-radius:.5rem}
h1{margin:0;font-size:1.375rem;line-height:1.3;overflow-wrap:anywhere}
.ai{width:fit-content;margin:0;padding:.25rem .75rem;border-radius:999px;font-size:.875rem;font-weight:500;color:#2f2a4a;background:#ebe8f7}
.prompt{padding:1rem;border-radius:.5rem;background:#f1f2f6}
.prompt h2{margin:0 0 .25rem;font-size:.875rem;font-weight:500;color:#50535f}
.prompt p{margin:0;white-space:pre-line;overflow-wrap:anywhere}
footer{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin-top:auto;padding-top:1rem;border-top:1px solid #e3e5eb;font-size:.875rem;color:#50535f}
footer a{display:inline-flex;align-items:center;min-height:44px;text-underline-offset:4px}
.missing{display:grid;place-content:center;gap:.75rem;text-align:center}
.missing p{margin:0;color:#50535f}
@media (min-width:640px){main{padding:2rem 1.5rem}h1{font-size:1.625rem}}`;

const attribute = (name: string, value: string) => `${name}="${escapeHtml(value)}"`;
const meta = (key: "name" | "property", name: string, content: string) => `<meta ${attribute(key, name)} ${attribute("content", content)}>`;

function documentOf(locale: string, head: string[], body: string): string {
  return [
    "<!DOCTYPE html>",
    `<html ${attribute("lang", locale)}>`,
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    ...head,
    '<link rel="icon" href="/icon.svg" type="image/svg+xml">',
    `<style>${STYLE}</style>`,
    "</head>",
    `<body>${body}</body>`,
    "</html>",
  ].join("\n");
}

const brand = (texts: SharePageTexts, links: SharePageLinks) =>
  `<header><a class="brand" ${attribute("href", links.home)}><span class="logo" aria-hidden="true">&#10022;</span>${escapeHtml(texts.madeWithPictura)}</a></header>`;

/** The page of a live share; `origin` makes its image's address absolute for the link's unfurl. */
export function sharePageHtml(share: PublicShare, options: { locale: string; origin: string; texts: SharePageTexts; links: SharePageLinks }): string {
  const { locale, origin, texts, links } = options;
  const title = share.caption ?? texts.title;
  const pageTitle = share.caption ? `${share.caption} · Pictura` : texts.metaTitle;
  const imageAlt = share.caption ?? texts.imageAlt;
  const imageUrl = `${origin}${share.imageUrl}`;
  const size = share.width && share.height ? ` width="${share.width}" height="${share.height}"` : "";
  const aiLabel = share.ai === "made" ? texts.madeWithAi : share.ai === "changed" ? texts.changedWithAi : null;
  const head = [
    `<title>${escapeHtml(pageTitle)}</title>`,
    meta("name", "description", texts.metaDescription),
    meta("name", "robots", share.indexable ? "index, follow" : "noindex, nofollow"),
    `<link rel="canonical" ${attribute("href", share.url)}>`,
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", "Pictura"),
    meta("property", "og:title", pageTitle),
    meta("property", "og:description", texts.metaDescription),
    meta("property", "og:url", share.url),
    meta("property", "og:image", imageUrl),
    ...(share.width && share.height
      ? [meta("property", "og:image:width", String(share.width)), meta("property", "og:image:height", String(share.height))]
      : []),
    meta("property", "og:image:alt", imageAlt),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", pageTitle),
    meta("name", "twitter:description", texts.metaDescription),
    meta("name", "twitter:image", imageUrl),
  ];
  const body = [
    "<main>",
    brand(texts, links),
    "<figure>",
    `<img ${attribute("src", share.imageUrl)} ${attribute("alt", imageAlt)}${size} fetchpriority="high">`,
    `<figcaption><h1>${escapeHtml(title)}</h1>${aiLabel ? `<p class="ai" data-ai="${share.ai}">${escapeHtml(aiLabel)}</p>` : ""}</figcaption>`,
    "</figure>",
    share.prompt ? `<section class="prompt"><h2>${escapeHtml(texts.prompt)}</h2><p>${escapeHtml(share.prompt)}</p></section>` : "",
    `<footer><a ${attribute("href", links.verify)}>${escapeHtml(texts.verify)}</a><a ${attribute("href", links.report)} rel="nofollow">${escapeHtml(texts.report)}</a></footer>`,
    "</main>",
  ].join("\n");
  return documentOf(locale, head, body);
}

/** What a link that shows nothing answers: never which of unknown, revoked, expired, hidden or suspended. */
export function shareNotFoundHtml(options: { locale: string; texts: SharePageTexts; links: SharePageLinks }): string {
  const { locale, texts, links } = options;
  const head = [`<title>${escapeHtml(texts.notFoundTitle)} · Pictura</title>`, meta("name", "robots", "noindex, nofollow")];
  const body = `<main class="missing"><h1>${escapeHtml(texts.notFoundTitle)}</h1><p>${escapeHtml(texts.notFoundBody)}</p><p><a ${attribute("href", links.home)}>${escapeHtml(texts.home)}</a></p></main>`;
  return documentOf(locale, head, body);
}
