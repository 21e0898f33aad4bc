// A page's client screen: given only the messages it uses (lib/i18n/client-namespaces.ts), not every
// message of the language, and in its own Suspense boundary, which React hydrates after the rest of
// the page in short slices it can interrupt, instead of in one long task. Used inside pages, below
// any notFound() or redirect(), so those still decide the status code before anything is sent.
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { Suspense, type ReactNode } from "react";
import { clientNamespaces, type ClientScreenName, type Namespace } from "@/lib/i18n/client-namespaces";

/** The request language's messages of these namespaces only. */
export async function pickMessages(namespaces: readonly Namespace[]) {
  const messages = await getMessages();
  return Object.fromEntries(namespaces.map((namespace) => [namespace, messages[namespace]]));
}

export async function ClientScreen({ name, children }: { name: ClientScreenName; children: ReactNode }) {
  return (
    <NextIntlClientProvider messages={await pickMessages(clientNamespaces[name])}>
      <Suspense>{children}</Suspense>
    </NextIntlClientProvider>
  );
}
