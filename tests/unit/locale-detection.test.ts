import { detectLocale, localeForCountry, localeFromAcceptLanguage, looksLikeInjection } from "@/lib/i18n/detect";

describe("language detection", () => {
  it("prefers the saved choice over the country and the browser", () => {
    expect(detectLocale({ cookie: "de", countries: ["JP"], acceptLanguage: "fr" })).toBe("de");
  });

  it("uses the first country header that is present", () => {
    expect(detectLocale({ countries: [null, "JP", "FR"], acceptLanguage: "es" })).toBe("ja");
  });

  it.each([
    ["US", "en"],
    ["GB", "en"],
    ["CA", "en"],
    ["AU", "en"],
    ["NZ", "en"],
    ["ES", "es"],
    ["MX", "es"],
    ["AR", "es"],
    ["CO", "es"],
    ["PE", "es"],
    ["FR", "fr"],
    ["BE", "fr"],
    ["CH", "fr"],
    ["LU", "fr"],
    ["DE", "de"],
    ["AT", "de"],
    ["CN", "zh"],
    ["TW", "zh"],
    ["HK", "zh"],
    ["SG", "zh"],
    ["JP", "ja"],
    ["BR", "en"],
    ["jp", "ja"],
  ])("maps country %s to %s", (country, locale) => {
    expect(localeForCountry(country)).toBe(locale);
  });

  it("falls back to the browser's languages by preference, then English", () => {
    expect(detectLocale({ acceptLanguage: "pt-BR,de;q=0.8,fr;q=0.9" })).toBe("fr");
    expect(localeFromAcceptLanguage("zh-TW,zh;q=0.9")).toBe("zh");
    expect(detectLocale({ acceptLanguage: "pt-BR" })).toBe("en");
    expect(detectLocale({})).toBe("en");
  });

  it("ignores an unknown saved value and country codes that are not two letters", () => {
    expect(detectLocale({ cookie: "xx", countries: ["XX1"], acceptLanguage: "ja" })).toBe("ja");
  });

  it.each(["<script>alert(1)</script>", "javascript:alert(1)", 'en" onload="alert(1)', "<img src=x onerror=alert(1)>"])(
    "discards a value that looks like script injection: %s",
    (value) => {
      expect(looksLikeInjection(value)).toBe(true);
      expect(detectLocale({ cookie: value, countries: [value], acceptLanguage: `${value},es` })).toBe("en");
    },
  );

  it("does not mistake ordinary values for injection", () => {
    expect(["en-US,en;q=0.9", "JP", "es"].some(looksLikeInjection)).toBe(false);
  });
});
