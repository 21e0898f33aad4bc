// A tool's name stands in its registry entry (lib/tools), its engine (lib/imaging/local, engine), its
// screens (components/tools, its page folder), its messages, migrations, docs, tests and benchmarks,
// and nowhere else: no other file keeps a table of tools. Each tool with a name of its own (two words:
// "blurBackground", spelled blur-background, blur_background, BlurBackground) is searched for in every
// file git tracks. A one-word id (upscale, expand, segment, edit) is an ordinary word, and is not.
// The few places a tool is still named by design are listed below with their reason; a new one fails,
// and so does a listed one that no longer names it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { TOOLS } from "@/lib/tools/registry";
import type { ToolEntry } from "@/lib/tools/types";

const ROOT = process.cwd();

/** Where any tool may be named. */
const EVERY_TOOL = [
  /^lib\/tools\//,
  /^lib\/imaging\/(local|engine)\//,
  /^components\/tools\//,
  /^messages\//,
  /^prisma\//,
  /^docs\//,
  /\.md$/,
  /^tests\//,
  /^deploy\/prometheus\/alerts\.test\.yml$/,
  /^scripts\/(bench|smoke)/,
  /^package(-lock)?\.json$/,
  /^next\.config\.ts$/,
];

/** Places that name a tool by design, by tool, each with why. */
const BY_DESIGN: Record<string, Record<string, string>> = {
  backgroundRemoval: {
    "components/developers/examples.ts": "the developer guide's worked example calls background removal",
    "components/developers/developer-guide.tsx": "it shows that example",
  },
  objectRemoval: {
    "app/api/openai/object-removal/route.ts": "a path of spec §7, with a route file of its own (ARCHITECTURE.md)",
    "lib/imaging/calls.ts": "the mask call of spec §7, which both removal tools share",
    "lib/validation/imaging.ts": "that call's form, shared with the browser",
  },
  fileConversion: {
    "app/api/convert-image/route.ts": "a path of spec §7, with a route file of its own (ARCHITECTURE.md)",
  },
};

const kebab = (id: string) => id.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const spellings = (id: string) => [id, kebab(id), kebab(id).replaceAll("-", "_"), id[0]!.toUpperCase() + id.slice(1)];

const trackedTextFiles = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && !/\.(png|jpe?g|webp|gif|ico|ttf|woff2?|onnx|bin|zip)$/.test(file));
const contents = new Map(
  trackedTextFiles.flatMap((file): Array<[string, string]> => {
    try {
      return [[file, readFileSync(path.join(ROOT, file), "utf8")]];
    } catch {
      return [];
    }
  }),
);

const namedTools = (TOOLS as readonly ToolEntry[]).filter((tool) => /[A-Z]/.test(tool.id));

describe("a tool's name", () => {
  it("is searched for every tool with a name of its own", () => {
    expect(namedTools.map((tool) => tool.id)).toEqual(expect.arrayContaining(["blurBackground", "productPhoto", "textOverlay", "fileConversion"]));
    expect(contents.size).toBeGreaterThan(500);
  });

  it.each(namedTools.map((tool) => [tool.id, tool] as const))("%s stands only in its own places", (id, tool) => {
    const ownPage = tool.page ? `app/[locale]${tool.page.slugs.en}/` : null;
    const pattern = new RegExp(spellings(id).join("|"));
    const naming = [...contents]
      .filter(([file, text]) => pattern.test(text) && !EVERY_TOOL.some((place) => place.test(file)) && !(ownPage && file.startsWith(ownPage)))
      .map(([file]) => file)
      .sort();
    expect(naming).toEqual(Object.keys(BY_DESIGN[id] ?? {}).sort());
  });
});
