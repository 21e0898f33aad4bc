// A page's client screen, given only the messages it uses (lib/i18n/client-namespaces.ts), not every
// message of the language. It hydrates with the page, not in a Suspense boundary of its own: a
// boundary hydrates later, and a file chosen in the drop zone before that would be lost.
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";
import { clientNamespaces, type ClientScreenName, type Namespace } from "@/lib/i18n/client-namespaces";

/** The request language's messages of these namespaces only. */
export async function pickMessages(namespaces: readonly Namespace[]) {
  const messages = await getMessages();
  return Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
}

export async function ClientScreen({ name, children }: { name: ClientScreenName; children: ReactNode }) {
  return <NextIntlClientProvider messages={await pickMessages(clientNamespaces[name])}>{children}</NextIntlClientProvider>;
}
