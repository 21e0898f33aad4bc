/** @jest-environment jsdom */
// The developer page's guide in every language: each section with its own language's text (no
// message missing), the background-removal examples in curl, JavaScript and Python against this
// site's address, and webhook verification with the Standard Webhooks library.
import { cleanup, render, screen, within } from "@testing-library/react";
import { createTranslator } from "next-intl";
import type { ReactNode } from "react";
import { locales, type Locale } from "@/lib/i18n/locales";

let currentLocale: Locale = "en";

async function messagesOf(locale: Locale) {
  return (await import(`@/messages/${locale}.json`)).default as Record<string, unknown>;
}

jest.mock("next-intl/server", () => ({
  getTranslations: async (namespace: string) =>
    createTranslator({
      locale: currentLocale,
      messages: await messagesOf(currentLocale),
      namespace: namespace as never,
      onError: (error) => {
        throw error;
      },
    }),
}));

jest.mock("@/lib/i18n/navigation", () => ({
  Link: ({ href, children, ...props }: { href: string; children: ReactNode }) => (
    <a href={`/${currentLocale}${href}`} {...props}>
      {children}
    </a>
  ),
}));

afterEach(cleanup);

describe("the developer guide", () => {
  it.each(locales)("renders every section in %s", async (locale) => {
    currentLocale = locale;
    const { DeveloperGuide } = await import("@/components/developers/developer-guide");
    const messages = (await messagesOf(locale)).Developers as Record<string, string>;
    render(await DeveloperGuide({ origin: "https://pictura.example" }));
    for (const key of ["keysTitle", "firstCallTitle", "idempotencyTitle", "webhooksTitle", "limitsTitle"]) {
      expect(screen.getByRole("heading", { level: 2, name: messages[key] })).toBeInTheDocument();
    }
    expect(screen.getByRole("heading", { level: 3, name: messages.verifyTitle })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: messages.contentsLabel })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: messages.keysTitle })).toHaveAttribute("href", "#keys");
    expect(screen.getAllByRole("link").some((link) => link.getAttribute("href") === `/${locale}/account`)).toBe(true);
    const examples = screen.getByRole("group", { name: messages.examplesLabel });
    const blocks = within(examples).getAllByRole("figure");
    expect(blocks.map((block) => block.querySelector("figcaption")?.textContent)).toEqual([messages.curl, messages.javascript, messages.python]);
    for (const block of blocks) {
      expect(block.textContent).toContain("https://pictura.example/api/flux/edit");
      expect(block.textContent).toContain("background_removal");
      expect(block.textContent).toContain("Idempotency-Key");
    }
    expect(document.body.textContent).toContain("GET /api/operations/{id}");
    // Verifying with the Standard Webhooks library, the code the same in every language.
    for (const header of ["webhook-id", "webhook-timestamp", "webhook-signature"]) expect(document.body.textContent).toContain(header);
    expect(document.body.textContent).not.toContain("Pictura-Signature");
    const verifiers = screen.getAllByRole("figure").filter((block) => block.closest("[role=group]") === null);
    expect(verifiers.map((block) => block.querySelector("figcaption")?.textContent)).toEqual([messages.verifyNode, messages.verifyPython]);
    expect(verifiers[0]!.textContent).toContain('import { Webhook } from "standardwebhooks";');
    expect(verifiers[0]!.textContent).toContain("webhook.verify(rawBody, Object.fromEntries(request.headers))");
    expect(verifiers[1]!.textContent).toContain("from standardwebhooks import Webhook, WebhookVerificationError");
    expect(verifiers[1]!.textContent).toContain("webhook.verify(request.get_data(), dict(request.headers))");
  });
});
