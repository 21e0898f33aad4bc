// A 404 outside any language (a path the proxy does not route); English, as the default language.
// A plain link and inline styles: a client-side Link or a stylesheet here would be sent again with
// every page, because the framework keeps this page ready under the root layout.
import { bareActionStyle, BareDocument, bareHeadingStyle } from "@/components/layout/bare-document";
import en from "@/messages/en.json";

export default function GlobalNotFound() {
  return (
    <BareDocument lang="en">
      <h1 style={bareHeadingStyle}>{en.NotFound.title}</h1>
      <p style={{ margin: 0, color: "#5c5f70" }}>{en.NotFound.body}</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see the note at the top */}
      <a style={bareActionStyle} href="/">
        {en.NotFound.home}
      </a>
    </BareDocument>
  );
}
