/** @jest-environment jsdom */
// The credit history names what each row paid for: every tool that charges has its own words in
// every language, so a spend or a refund of a new paid tool never reads "Credit adjustment".
import { renderHook } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import type { ReactNode } from "react";
import { useActivityLabel } from "@/components/credits/ledger-list";
import { locales } from "@/lib/i18n/locales";
import { TOOLS } from "@/lib/tools/registry";
import de from "@/messages/de.json";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import fr from "@/messages/fr.json";
import ja from "@/messages/ja.json";
import zh from "@/messages/zh.json";

const MESSAGES = { en, es, fr, de, zh, ja };
const PAID_KINDS = [...new Set(TOOLS.flatMap((tool): string[] => (tool.cost > 0 && tool.kind ? [tool.kind] : [])))];

function labelsIn(locale: keyof typeof MESSAGES) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider
      locale={locale}
      messages={MESSAGES[locale]}
      timeZone="UTC"
      onError={(error) => {
        throw error;
      }}
    >
      {children}
    </NextIntlClientProvider>
  );
  return renderHook(() => useActivityLabel(), { wrapper }).result.current;
}

describe("the credit history's activity names", () => {
  it("covers the paid tools the registry has, the new ones included", () => {
    expect(PAID_KINDS).toEqual(expect.arrayContaining(["generate", "upscale", "expand", "blur_background", "product_photo"]));
  });

  it.each(locales)("names every paid tool's spend and refund in %s, never as an adjustment", (locale) => {
    const label = labelsIn(locale);
    const other = MESSAGES[locale].Credits.activity_other;
    const names = PAID_KINDS.map((kind) => label({ kind: "spend", operation: kind }));
    for (const [index, name] of names.entries()) expect(`${PAID_KINDS[index]}: ${name}`).not.toBe(`${PAID_KINDS[index]}: ${other}`);
    expect(new Set(names).size).toBe(names.length);
    expect(label({ kind: "refund", operation: "blur_background" })).toContain(label({ kind: "spend", operation: "blur_background" }));
  });

  it("reads a background blur in English as such", () => {
    expect(labelsIn("en")({ kind: "spend", operation: "blur_background" })).toBe("Background blur");
    expect(labelsIn("en")({ kind: "grant", operation: "something_else" })).toBe("Credit adjustment");
  });
});
