// Pages render their own <html> in app/[locale]/layout.tsx; this root only passes them through.
import type { ReactNode } from "react";
import "./globals.css";

export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
