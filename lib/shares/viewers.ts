// Whether a share page's request is a person looking at it, whose visit counts as a view: a browser
// (its user agent names Mozilla, as every browser's does), not a link preview fetched by a chat or
// social app (Slack, Discord, WhatsApp, Telegram, iMessage, X, Facebook, LinkedIn, Mastodon), a search
// engine's crawler, a page measure, or a script. The owner's view count then tells how many people
// opened the link, not how many places it was pasted in.
const AUTOMATED =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|facebot|embedly|preview|whatsapp|telegram|mastodon|pleroma|misskey|headlesschrome|lighthouse|pagespeed|python|curl|wget|go-http-client|okhttp|java\//i;

export function isPersonViewing(userAgent: string | null): boolean {
  return userAgent !== null && userAgent.includes("Mozilla/") && !AUTOMATED.test(userAgent);
}
