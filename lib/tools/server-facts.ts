// The facts of each tool's registry entry that only the server reads: the local engine's method, the
// setting that picks its provider, how its results are labelled as AI-made, its call's documentation,
// what its landing page says, and its shortcut above the editor (rendered on the server). The entries themselves (lib/tools/registry.ts) are in every page's
// scripts, for links and prices; these are not. SERVER_TOOLS joins the two, and the tables below are
// functions of it, so a test can add a tool to both and see every table take it in.
import "server-only";
import { TOOLS, type ToolId } from "./registry";
import type { ServerToolEntry, ToolApiEntry, ToolServerFacts } from "./types";

/** What every one-image screen of the kit shows besides its own words. */
const KIT = ["Common", "Credits", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts"] as const;

export const TOOL_SERVER_FACTS = {
  generate: {
    api: { method: "POST", keys: true, spends: true },
    localModel: "procedural-scenes",
    providerSetting: "IMAGE_PROVIDER_GENERATE",
    aiLabel: "generated",
    doc: { summary: "Generate images from a prompt" },
  },
  edit: {
    api: { method: "POST", keys: true, spends: true },
    localModel: "keyword-adjustments",
    providerSetting: "IMAGE_PROVIDER_EDIT",
    aiLabel: "edited",
    doc: {
      summary: "Edit an image, remove its background, or cartoonize it",
      description:
        "Send multipart/form-data with `image` and `operation` (`edit`, `background_removal` or `cartoon_style`), or JSON `{prompt, imageUrl}` for a prompt-based edit of a data URL or one of your results.",
    },
  },
  backgroundRemoval: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolBackground", position: 1 },
    localModel: "isnet-medium",
    providerSetting: "IMAGE_PROVIDER_BACKGROUND",
    aiLabel: "composite",
    landing: {
      screenMessages: ["BackgroundRemoval", "Batch", ...KIT],
      scene: "cutout",
      formats: "tool",
      onDevice: false,
      labels: { button: "BackgroundRemoval.submit" },
    },
  },
  objectRemoval: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolObject", position: 2 },
    localModel: "exemplar-fill",
    providerSetting: "IMAGE_PROVIDER_OBJECT_REMOVAL",
    aiLabel: "composite",
    doc: { summary: "Remove what a mask marks" },
    landing: {
      screenMessages: ["ObjectRemoval", "FillTools", "Pages", "TapSelect", ...KIT],
      scene: "erase",
      formats: "tool",
      onDevice: false,
      labels: { button: "ObjectRemoval.removeObject", start: "ObjectRemoval.startHighlighting", keepEditing: "ObjectRemoval.keepEditing" },
    },
  },
  fluxRemoval: {
    api: { method: "POST", keys: true, spends: true },
    localModel: "exemplar-fill",
    providerSetting: "IMAGE_PROVIDER_OBJECT_REMOVAL",
    aiLabel: "composite",
    landing: {
      screenMessages: ["FluxRemoval", "FillTools", "Pages", "TapSelect", ...KIT],
      scene: "erase-marked",
      formats: "tool",
      onDevice: false,
      labels: { button: "FluxRemoval.removeObjects", other: "Pages.objectRemovalTitle" },
    },
  },
  cartoonStyle: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolCartoon", position: 3 },
    localModel: "opencv-cartoon",
    providerSetting: "IMAGE_PROVIDER_CARTOON",
    aiLabel: "composite",
    landing: {
      screenMessages: ["CartoonStyle", ...KIT],
      scene: "cartoon",
      formats: "tool",
      onDevice: false,
      labels: { button: "CartoonStyle.submit" },
    },
  },
  upscale: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolUpscale", position: 5 },
    providerSetting: "IMAGE_PROVIDER_UPSCALE",
    aiLabel: "composite",
    doc: { summary: "Upscale an image 2× or 4×" },
    landing: {
      screenMessages: ["Upscale", ...KIT],
      scene: "sharpen",
      formats: "tool",
      onDevice: false,
      labels: { button: "Upscale.submit" },
    },
  },
  expand: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolExpand", position: 6 },
    localModel: "exemplar-fill",
    providerSetting: "IMAGE_PROVIDER_EXPAND",
    aiLabel: "composite",
    doc: { summary: "Extend a photo beyond its edges" },
    landing: {
      screenMessages: ["Expand", "FillTools", ...KIT],
      scene: "photo",
      formats: "tool",
      onDevice: false,
      labels: { button: "Expand.submit" },
    },
  },
  blurBackground: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolBlur", position: 7 },
    localModel: "isnet-medium",
    aiLabel: "composite",
    doc: { summary: "Blur a photo's background" },
    landing: {
      screenMessages: ["BlurBackground", "FillTools", ...KIT],
      scene: "photo",
      formats: "tool",
      onDevice: false,
      labels: { button: "BlurBackground.submit" },
    },
  },
  productPhoto: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolProduct", position: 8 },
    localModel: "isnet-medium",
    aiLabel: "composite",
    doc: { summary: "Put a product on a new background" },
    landing: {
      // The batch names its files with the background removal tool's words.
      screenMessages: ["ProductPhoto", "BackgroundRemoval", "Batch", "FillTools", ...KIT],
      scene: "photo",
      formats: "tool",
      onDevice: false,
      labels: { button: "ProductPhoto.submit" },
    },
  },
  textOverlay: {
    editorButton: { label: "toolText", position: 4 },
    aiLabel: null,
    landing: {
      screenMessages: ["TextOverlay", "Common", "Imaging", "Pages", "SaveDialog", "ServerErrors", "Toasts"],
      scene: "caption",
      formats: "tool",
      onDevice: true,
      labels: { addText: "TextOverlay.addText" },
    },
  },
  fileConversion: {
    api: { method: "POST", keys: true, spends: false, open: true },
    localModel: "sharp",
    providerSetting: "IMAGE_PROVIDER_CONVERT",
    aiLabel: "source",
    doc: { summary: "Convert an image to another format (free)" },
    landing: {
      screenMessages: ["FileConversion", "Batch", "Common", "Imaging", "SaveDialog", "ServerErrors", "Toasts"],
      scene: "formats",
      formats: "converter",
      onDevice: false,
      labels: { button: "FileConversion.submit", convertTo: "FileConversion.convertTo" },
    },
  },
  segment: {
    api: { method: "POST", keys: true, spends: false },
    aiLabel: null,
    doc: { summary: "Select an object from points on it (free)" },
  },
} as const satisfies Record<ToolId, ToolServerFacts>;

/** Every entry with its server facts, in the registry's order. */
export const SERVER_TOOLS: readonly ServerToolEntry[] = TOOLS.map((tool) => ({ ...tool, ...TOOL_SERVER_FACTS[tool.id] }));

type Registry = readonly ServerToolEntry[];

/** The local engine's method for each engine operation, as a recipe names it. */
export function localModelsOf(tools: Registry = SERVER_TOOLS): Record<string, string> {
  return Object.fromEntries(tools.flatMap((tool) => (tool.engine && tool.localModel ? [[tool.engine, tool.localModel]] : [])));
}

/** The setting that names each engine operation's provider, where it has one of its own. */
export function providerSettingsOf(tools: Registry = SERVER_TOOLS): Record<string, `IMAGE_PROVIDER_${string}`> {
  return Object.fromEntries(tools.flatMap((tool) => (tool.engine && tool.providerSetting ? [[tool.engine, tool.providerSetting]] : [])));
}

/** The AI label of each operation kind's results. */
export function aiLabelsOf(tools: Registry = SERVER_TOOLS): Record<string, ServerToolEntry["aiLabel"]> {
  return Object.fromEntries(tools.flatMap((tool) => (tool.kind ? [[tool.kind, tool.aiLabel]] : [])));
}

/** The message namespaces each tool page's client screen needs, by the tool's id. */
export function screenNamespacesOf(tools: Registry = SERVER_TOOLS): Record<string, string[]> {
  return Object.fromEntries(tools.flatMap((tool) => (tool.landing ? [[tool.id, [...tool.landing.screenMessages].sort()]] : [])));
}

/** The editor's tool shortcuts, in their order. */
export function editorButtonsOf(tools: Registry = SERVER_TOOLS) {
  return tools
    .flatMap((tool) =>
      tool.editorButton && tool.page
        ? [{ href: tool.page.slugs.en, icon: tool.icon, label: tool.editorButton.label, position: tool.editorButton.position }]
        : [],
    )
    .sort((a, b) => a.position - b.position);
}

/** The tools with a page, in the registry's order, with the page's internal path and what it says. */
export function toolPagesOf(tools: Registry = SERVER_TOOLS) {
  return tools.flatMap((tool) => (tool.page && tool.landing ? [{ ...tool, page: tool.page, landing: tool.landing, path: tool.page.slugs.en }] : []));
}

/** A call of the public API, at its address, with its documentation and the tool that gives it. */
export type ToolCall = ToolApiEntry & { path: `/api/${string}`; doc?: ServerToolEntry["doc"]; documentedBy: ServerToolEntry };

/** The public API's tool calls, each once (the first tool to name a path), with the tool that documents it. */
export function toolCallsOf(tools: Registry = SERVER_TOOLS): ToolCall[] {
  const calls = new Map<string, ToolCall>();
  for (const tool of tools) {
    if (!tool.api) continue;
    const path = tool.call;
    if (!path) throw new Error(`The tool ${tool.id} is in the API but has no call.`);
    const known = calls.get(path);
    if (known && (known.keys !== tool.api.keys || known.spends !== tool.api.spends)) throw new Error(`The tools calling ${path} disagree on its use.`);
    if (!known) calls.set(path, { ...tool.api, path, doc: tool.doc, documentedBy: tool });
    else if (tool.doc) calls.set(path, { ...known, doc: tool.doc, documentedBy: tool });
  }
  return [...calls.values()];
}
