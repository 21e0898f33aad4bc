// Every language ships every string, and every string is valid ICU with the same placeholders.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { CREDIT_COSTS } from "@/lib/credits/costs";
import { locales } from "@/lib/i18n/locales";

type Messages = { [key: string]: string | Messages };

function load(locale: string): Messages {
  return JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Messages;
}

function flatten(messages: Messages, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === "string") out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

type AstNode = { type: number; value?: unknown; options?: Record<string, { value: AstNode[] }>; children?: AstNode[] };

/** The names of the arguments a message uses, read from its ICU syntax tree. */
function placeholders(message: string, locale = "en"): string[] {
  const names = new Set<string>();
  const walk = (nodes: AstNode[]) => {
    for (const node of nodes) {
      // Type 0 is literal text and 7 is the `#` of a plural; everything else names an argument.
      if (node.type !== 0 && node.type !== 7 && typeof node.value === "string") names.add(node.value);
      for (const option of Object.values(node.options ?? {})) walk(option.value);
      if (node.children) walk(node.children);
    }
  };
  walk(new IntlMessageFormat(message, locale).getAst() as unknown as AstNode[]);
  return [...names].sort();
}

const english = flatten(load("en"));

describe("translations", () => {
  it("has exactly one messages file per supported language", () => {
    const files = readdirSync(path.join(process.cwd(), "messages"))
      .map((file) => file.replace(/\.json$/, ""))
      .sort();
    expect(files).toEqual([...locales].sort());
  });

  it.each(locales.filter((locale) => locale !== "en"))("%s has every English key and no others", (locale) => {
    const translated = flatten(load(locale));
    const missing = [...english.keys()].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !english.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(locales.filter((locale) => locale !== "en"))("%s keeps each message's placeholders and translates it", (locale) => {
    const translated = flatten(load(locale));
    for (const [key, source] of english) {
      const value = translated.get(key) ?? "";
      expect([key, value.trim().length > 0]).toEqual([key, true]);
      expect([key, placeholders(value, locale)]).toEqual([key, placeholders(source)]);
    }
  });

  it.each([...locales])("every %s message is valid ICU", (locale) => {
    for (const [key, value] of flatten(load(locale))) {
      expect(() => new IntlMessageFormat(value, locale)).not.toThrow(key);
    }
  });

  // A plural's `#` is formatted with Intl.NumberFormat, whose first use costs a phone tens of
  // milliseconds of main thread on every page load (the header shows a count); `{count}` is not.
  it.each([...locales])("%s counts with the plural's argument, not #", (locale) => {
    const withHash = [...flatten(load(locale))].filter(([, value]) => /(^|[^'])#/.test(value)).map(([key]) => key);
    expect(withHash).toEqual([]);
  });

  it("tells a caller short of credits what each paid operation needs, in a toast with a title of its own", () => {
    const kinds = Object.keys(CREDIT_COSTS);
    expect(kinds.length).toBeGreaterThanOrEqual(9);
    const missing = kinds.flatMap((kind) =>
      [`Imaging.guestNeeds_${kind}`, `Imaging.guestNeedsTitle_${kind}`, `Imaging.notEnough_${kind}`].filter((key) => !english.has(key)),
    );
    expect(missing).toEqual([]);
  });
});
