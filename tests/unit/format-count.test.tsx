/** @jest-environment jsdom */
// Counts are written as Intl writes them in every language (tests/e2e/page-start.spec.ts checks that
// pages start without building an Intl.NumberFormat).
import { screen } from "@testing-library/react";
import { CreditsLeft } from "@/components/layout/credits-left";
import { formatCount } from "@/lib/i18n/format-count";
import { locales } from "@/lib/i18n/locales";
import { renderWithApp } from "./components/render";

describe("formatCount", () => {
  it.each(locales)("writes every count as Intl.NumberFormat does in %s", (locale) => {
    const intl = new Intl.NumberFormat(locale);
    for (const value of [0, 1, 7, 42, 999, 1000, 1234, 9999, 12345, 1_000_000, -1, -1500, 2.5]) {
      expect(formatCount(locale, value)).toBe(intl.format(value));
    }
    for (let value = 0; value < 1000; value += 1) expect(formatCount(locale, value)).toBe(intl.format(value));
  });
});

describe("the header's credit count", () => {
  it("shows a usual balance as its digits", () => {
    renderWithApp(<CreditsLeft credits={175} />);
    expect(screen.getByTestId("credits-left")).toHaveAttribute("data-count", "175");
    expect(screen.getByTestId("credits-left")).toHaveTextContent("175 credits left");
  });

  it("groups a large balance's digits", () => {
    renderWithApp(<CreditsLeft credits={12500} />);
    expect(screen.getByTestId("credits-left")).toHaveAttribute("data-count", "12,500");
  });
});
