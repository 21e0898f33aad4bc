// The server's tables of the tools' facts: the local engine's methods, the settings that pick
// providers, AI labels, the API's calls, the pages' texts and the editor's shortcuts. Each tool's facts
// are its entry in the registry's server part (lib/tools/registry.server.ts); the client entries
// (lib/tools/registry.ts) are in every page's scripts, for links and prices, and these are not.
// SERVER_TOOLS joins the two, and the tables below are functions of it, so a test can add a tool to
// both and see every table take it in.
import "server-only";
import { TOOLS } from "./registry";
import { TOOL_SERVER_ENTRIES } from "./registry.server";
import type { ServerToolEntry, ToolApiEntry } from "./types";

/** Every entry with its server facts, in the registry's order. */
export const SERVER_TOOLS: readonly ServerToolEntry[] = TOOLS.map((tool) => ({ ...tool, ...TOOL_SERVER_ENTRIES[tool.id] }));

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
