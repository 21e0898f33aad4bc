/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { Link } from "@/components/layout/intent-link";
import { localizedPath, locales } from "@/lib/i18n/locales";

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
