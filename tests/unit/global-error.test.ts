// The page for a failed root layout speaks the visitor's language with the same words as the app.
import { readFileSync } from "node:fs";
import path from "node:path";
import { GLOBAL_ERROR_TEXT, localeOfPath } from "@/lib/i18n/global-error-text";
import { locales } from "@/lib/i18n/locales";

describe("global error page text", () => {
  it.each(locales)("matches Common.error and Common.tryAgain in %s", (locale) => {
    const messages = JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as {
      Common: { error: string; tryAgain: string };
    };
    expect(GLOBAL_ERROR_TEXT[locale]).toEqual({ error: messages.Common.error, tryAgain: messages.Common.tryAgain });
  });

  it("reads the language from the path prefix, English at the root and for anything else", () => {
    expect(localeOfPath("/ja/gallery")).toBe("ja");
    expect(localeOfPath("/de")).toBe("de");
    expect(localeOfPath("/gallery")).toBe("en");
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/jap/x")).toBe("en");
  });
});
