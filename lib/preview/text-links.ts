// Splits a mail's plain text into text and web addresses, so the outbox can show each address as a
// link without ever rendering the mail's HTML (whose address fields come from users).

export type TextPart = { kind: "text"; text: string } | { kind: "link"; href: string; text: string };

// Up to the first space or character that cannot end an address in running text.
const ADDRESS = /https?:\/\/[^\s<>"'`]+/g;
const TRAILING = /[.,;:!?)\]}]+$/;

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, "");
    const url = URL.parse(address);
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) continue;
    if (match.index > last) parts.push({ kind: "text", text: text.slice(last, match.index) });
    parts.push({ kind: "link", href: url.toString(), text: address });
    last = match.index + address.length;
  }
  if (last < text.length) parts.push({ kind: "text", text: text.slice(last) });
  return parts;
}
