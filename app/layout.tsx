// Pages render their own <html> in app/[locale]/layout.tsx; this root only passes them through. The
// stylesheet is imported by the language layout: imported here, it would also be sent for the error
// page, a second full copy in every page's payload.
import type { ReactNode } from "react";

export default function RootLayout({ children }: { children: ReactNode }) {
  return children;
}
