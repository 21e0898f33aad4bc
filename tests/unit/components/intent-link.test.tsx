/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Link } from "@/components/layout/intent-link";
import { locales } from "@/lib/i18n/locales";
import { localizedPath } from "@/lib/i18n/pages";

// next/link's own prefetching needs the app router; what matters here is what the Link asks of it.
jest.mock("next/link", () => ({
  __esModule: true,
  default: ({ prefetch, ...props }: { prefetch?: boolean | null } & Record<string, unknown>) => <a data-prefetch={String(prefetch)} {...props} />,
}));

describe("localizedPath", () => {
  it("keeps English at the root and puts the other languages under their prefix", () => {
    expect(localizedPath("en", "/gallery")).toBe("/gallery");
    expect(localizedPath("en", "/")).toBe("/");
    expect(localizedPath("ja", "/gallery")).toBe("/ja/gallery");
    expect(localizedPath("de", "/")).toBe("/de");
    expect(localizedPath("fr", "/auth?mode=signup")).toBe("/fr/auth?mode=signup");
    expect(localizedPath("es", "/?from=mail")).toBe("/es?from=mail");
    expect(localizedPath("zh", "/#top")).toBe("/zh#top");
  });

  it("leaves addresses that are not this site's paths alone", () => {
    for (const locale of locales) {
      expect(localizedPath(locale, "https://example.com/x")).toBe("https://example.com/x");
      expect(localizedPath(locale, "//example.com/x")).toBe("//example.com/x");
      expect(localizedPath(locale, "mailto:help@example.com")).toBe("mailto:help@example.com");
    }
  });
});

describe("Link", () => {
  it("links to the page in the current language", () => {
    render(
      <NextIntlClientProvider locale="es" messages={{}} timeZone="UTC">
        <Link href="/subscription">Mejorar</Link>
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole("link", { name: "Mejorar" })).toHaveAttribute("href", "/es/subscription");
  });

  it("links to English pages without a prefix", () => {
    render(
      <NextIntlClientProvider locale="en" messages={{}} timeZone="UTC">
        <Link href="/auth?returnTo=/gallery">Log in</Link>
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth?returnTo=/gallery");
  });
});

describe("Link prefetching", () => {
  function renderLink() {
    render(
      <NextIntlClientProvider locale="en" messages={{}} timeZone="UTC">
        <Link href="/auth">Start Free Trial</Link>
      </NextIntlClientProvider>,
    );
    return screen.getByRole("link", { name: "Start Free Trial" });
  }

  it("counts focus as intent only once the visitor has pressed a key or touched the page", () => {
    const link = renderLink();
    expect(link).toHaveAttribute("data-prefetch", "false");
    // Focus the page moved there before any input (a dialog opening on load) is not intent.
    fireEvent.focus(link);
    expect(link).toHaveAttribute("data-prefetch", "false");
    fireEvent.keyDown(window, { key: "Tab" });
    fireEvent.focus(link);
    expect(link).toHaveAttribute("data-prefetch", "null");
  });

  it("prefetches once a finger or a pointer is on it", () => {
    const touched = renderLink();
    fireEvent.touchStart(touched);
    expect(touched).toHaveAttribute("data-prefetch", "null");
    cleanup();
    const pointed = renderLink();
    expect(pointed).toHaveAttribute("data-prefetch", "false");
    fireEvent.pointerEnter(pointed);
    expect(pointed).toHaveAttribute("data-prefetch", "null");
  });
});
