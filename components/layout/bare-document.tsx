// The whole document for the two pages outside the language layout: the global 404 and the page for a
// failed root layout. Styled inline: a stylesheet imported by either would be sent again, in full, in
// every page's payload (the framework keeps both ready under the root layout).
import type { ReactNode } from "react";

export function BareDocument({ lang, children }: { lang: string; children: ReactNode }) {
  return (
    <html lang={lang}>
      <body
        style={{
          margin: 0,
          minHeight: "100dvh",
          display: "grid",
          placeItems: "center",
          padding: "1.5rem",
          boxSizing: "border-box",
          textAlign: "center",
          fontFamily: "system-ui, sans-serif",
          color: "#14151f",
          background: "#fbfcfe",
        }}
      >
        <main style={{ display: "grid", gap: "0.75rem", justifyItems: "center" }}>{children}</main>
      </body>
    </html>
  );
}

export const bareHeadingStyle = { fontSize: "1.5rem", fontWeight: 600, margin: 0 } as const;
export const bareActionStyle = { color: "#5b35d5", font: "inherit", textDecoration: "underline", background: "none", border: 0, cursor: "pointer" } as const;
