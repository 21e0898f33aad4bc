// A tool is one registry entry (with its server facts and server part): built with one more tool, the registry's
// derived tables — the pages and their slugs, the sitemap, the client namespaces, the costs, the
// OpenAPI document's calls and the calls an API key may make — all take the new tool in.
import { z } from "zod";
import { sitemapEntries } from "@/lib/i18n/sitemap";
import { apiContractsOf } from "@/lib/api/contracts";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { creditCostsOf, engineOperationsOf, localizedPagesOf, operationChargesOf, stagesOf } from "@/lib/tools/derive";
import { galleryToolsOf } from "@/lib/tools/results";
import { aiLabelsOf, editorButtonsOf, localModelsOf, providerSettingsOf, screenNamespacesOf, SERVER_TOOLS, toolCallsOf } from "@/lib/tools/server-facts";
import { toolById, TOOLS } from "@/lib/tools/registry";
import { removalTool } from "@/components/tools/removal/removal-config";
import { photoCall } from "@/lib/tools/photo-calls";
import { kindOfEngine, TOOL_SERVER_PARTS } from "@/lib/tools/server";
import type { ServerToolEntry, ToolEntry } from "@/lib/tools/types";
import { toolPagesFrom } from "@/components/seo/tool-pages";
import en from "@/messages/en.json";

// A tool the product does not have: its kind and gallery name would be new values of the stored enums
// (the migration the docs describe), so they are cast here.
const colorize: ServerToolEntry = {
  id: "colorize",
  namespace: "Colorize",
  icon: "palette",
  page: {
    slugs: { en: "/colorize", es: "/colorear-foto", fr: "/coloriser-photo", de: "/foto-einfaerben", zh: "/照片上色", ja: "/白黒写真カラー化" },
  },
  singleImage: true,
  kind: "colorize" as ToolEntry["kind"],
  engine: "colorize",
  cost: 2,
  gallery: "colorize" as ToolEntry["gallery"],
  stage: "colorizing",
  makesResult: true,
  call: "/api/colorize",
  // Its server facts.
  api: { method: "POST", keys: true, spends: true },
  editorButton: { label: "toolColorize", position: 9 },
  localModel: "colorize-net",
  providerSetting: "IMAGE_PROVIDER_COLORIZE",
  aiLabel: "composite",
  doc: { summary: "Colour a black-and-white photo" },
  landing: { screenMessages: ["Colorize", "Common", "Imaging"], scene: "photo", formats: "tool", onDevice: false, labels: { button: "Colorize.submit" } },
};
const colorizeFields = z.object({ vividness: z.coerce.number().int().min(1).max(10).default(5) });

const registry: readonly ServerToolEntry[] = [...SERVER_TOOLS, colorize];
const serverParts = {
  ...TOOL_SERVER_PARTS,
  colorize: { photo: photoCall(colorizeFields, (fields, image) => ({ params: { vividness: fields.vividness }, output: image })) },
};

describe("the tool registry with one more tool", () => {
  it("gives the tool its page, with its own slug in each language", () => {
    expect(localizedPagesOf(registry)["/colorize"]).toEqual(colorize.page!.slugs);
    expect(toolPagesFrom(registry, serverParts).map((page) => page.key)).toContain("colorize");
    expect(screenNamespacesOf(registry).colorize).toEqual(["Colorize", "Common", "Imaging"]);
    expect(editorButtonsOf(registry).at(-1)).toEqual({ href: "/colorize", icon: "palette", label: "toolColorize", position: 9 });
  });

  it("lists the page in the sitemap in every language, with its hreflang alternates", () => {
    const entries = sitemapEntries(new Date(0), registry).filter((entry) => entry.alternates?.languages?.en?.endsWith("/colorize"));
    expect(entries).toHaveLength(6);
    expect(entries.map((entry) => decodeURI(new URL(entry.url).pathname)).sort()).toEqual(
      ["/colorize", "/de/foto-einfaerben", "/es/colorear-foto", "/fr/coloriser-photo", "/ja/白黒写真カラー化", "/zh/照片上色"].sort(),
    );
    expect(entries[0]!.priority).toBe(0.8);
  });

  it("charges its price, the first time and when made again", () => {
    expect(creditCostsOf(registry)).toMatchObject({ colorize: 2 });
    expect(operationChargesOf(registry)).toMatchObject({ colorize: "colorize" });
    expect(stagesOf(registry)).toMatchObject({ colorize: "colorizing" });
    expect(galleryToolsOf(registry)).toContain("colorize");
  });

  it("names the engine operation the worker runs and the local method its recipes quote", () => {
    expect(engineOperationsOf(registry)).toMatchObject({ colorize: "colorize" });
    expect(localModelsOf(registry)).toMatchObject({ colorize: "colorize-net" });
    expect(providerSettingsOf(registry)).toMatchObject({ colorize: "IMAGE_PROVIDER_COLORIZE" });
    expect(aiLabelsOf(registry)).toMatchObject({ colorize: "composite" });
    expect(localModelsOf()).not.toHaveProperty("colorize");
  });

  it("documents its call in the OpenAPI document, with its fields", () => {
    const contract = apiContractsOf(registry, serverParts).find((call) => call.path === "/api/colorize");
    expect(contract).toMatchObject({ method: "POST", doc: { tag: "Images", summary: "Colour a black-and-white photo", async: true } });
    expect(contract?.doc.multipart?.fields).toBe(colorizeFields);
    const document = buildOpenApiDocument(undefined, apiContractsOf(registry, serverParts)) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths["/api/colorize"] ?? {})).toEqual(["post"]);
  });

  it("lets an API key make its call, with an Idempotency-Key", () => {
    expect(apiContractsOf(registry, serverParts)).toContainEqual(expect.objectContaining({ method: "POST", path: "/api/colorize", keys: { spends: true } }));
  });

  it("leaves the real registry's tables without it", () => {
    expect(localizedPagesOf()).not.toHaveProperty(["/colorize"]);
    expect(creditCostsOf()).not.toHaveProperty("colorize");
    expect(apiContractsOf().map((call) => call.path)).not.toContain("/api/colorize");
  });
});

describe("the real registry", () => {
  it("gives every tool with a page what its landing page says, and no other tool", () => {
    expect(SERVER_TOOLS.filter((tool) => tool.landing).map((tool) => tool.id)).toEqual(TOOLS.filter((tool) => "page" in tool).map((tool) => tool.id));
  });

  it("spells each tool once: ids, page paths and documented calls are unique", () => {
    const ids = TOOLS.map((tool) => tool.id);
    expect(new Set(ids).size).toBe(ids.length);
    const paths = Object.keys(localizedPagesOf());
    expect(paths).toHaveLength(TOOLS.filter((tool) => "page" in tool).length);
    expect(toolCallsOf().every((call) => call.doc)).toBe(true);
  });

  it("names only messages that exist", () => {
    const keys: string[] = [];
    for (const tool of TOOLS as readonly ToolEntry[]) {
      keys.push(tool.namespace);
      if (tool.gallery) keys.push(`Gallery.tool_${tool.gallery}`);
      if (tool.makesResult && tool.stage) keys.push(`Imaging.stage_${tool.stage}`);
      if (tool.page) keys.push(`Pages.${tool.id}Title`, `Pages.${tool.id}Description`, `Landing.tools.${tool.id}`);
    }
    for (const tool of SERVER_TOOLS) {
      if (tool.editorButton) keys.push(`Editor.${tool.editorButton.label}`);
      if (tool.landing) keys.push(...Object.values(tool.landing.labels));
    }
    for (const key of keys)
      expect({ key, found: key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en) !== undefined }).toEqual({
        key,
        found: true,
      });
  });

  it("refuses two tools of one kind at two prices", () => {
    const [first] = TOOLS.filter((tool) => tool.kind === "object_removal");
    expect(() => creditCostsOf([...TOOLS, { ...first!, id: "dearer", cost: 5 }])).toThrow(/cost differently/);
  });

  it("names the one operation the tools running an engine method record", () => {
    // Both removal tools paint a mask for removeObject; the mask call records their shared kind.
    expect(TOOLS.filter((tool) => tool.engine === "removeObject").map((tool) => tool.id)).toEqual(["objectRemoval", "fluxRemoval"]);
    expect(kindOfEngine("removeObject")).toBe("object_removal");
    expect(kindOfEngine("removeBackground")).toBe("background_removal");
    expect(() => kindOfEngine("nothing" as "removeObject")).toThrow(/record no operation/);
  });

  it("gives each removal screen its page, its words' keys and its operation from the tool's entry", () => {
    expect(removalTool("objectRemoval")).toEqual({
      id: "object-removal",
      title: "objectRemovalTitle",
      description: "objectRemovalDescription",
      operation: { call: "/api/openai/object-removal", charge: "object_removal", savedAs: toolById("objectRemoval").gallery },
    });
    expect(removalTool("fluxRemoval")).toMatchObject({ id: "flux-removal", title: "fluxRemovalTitle", operation: { charge: "object_removal" } });
    for (const id of ["objectRemoval", "fluxRemoval"]) {
      expect(en.Pages).toHaveProperty(removalTool(id).title);
      expect(en.Pages).toHaveProperty(removalTool(id).description);
    }
    // The plain edit has no page of its own to remove things on.
    expect(() => removalTool("edit")).toThrow(/no removal page and call/);
  });
});
