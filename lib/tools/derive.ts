// The tables the rest of the app reads, each a function of a registry (the real one by default), so
// a test can build the registry with one more tool and see every table take it in.
import type { OperationKind, SavedImageTool } from "@/lib/generated/prisma/enums";
import type { Locale } from "@/lib/i18n/locales";
import { TOOLS } from "./registry";
import type { ToolEntry } from "./types";

type Registry = readonly ToolEntry[];

/** Each tool page's slugs by its internal (English) path: "/upscale" → { es: "/mejorar-resolucion", … }. */
export function localizedPagesOf(tools: Registry = TOOLS): Record<string, Readonly<Record<Locale, `/${string}`>>> {
  return Object.fromEntries(tools.flatMap((tool) => (tool.page ? [[tool.page.slugs.en, tool.page.slugs]] : [])));
}

/** The addresses the tools' screens (and the API) post to, each once: "/api/upscale", "/api/flux/edit", … */
export function callPathsOf(tools: Registry = TOOLS): `/api/${string}`[] {
  return [...new Set(tools.flatMap((tool) => (tool.call ? [tool.call] : [])))];
}

/** What each charged operation kind costs, in credits; two tools of one kind must agree. */
export function creditCostsOf(tools: Registry = TOOLS): Record<string, number> {
  const costs: Record<string, number> = {};
  for (const tool of tools) {
    if (!tool.kind || tool.cost === 0) continue;
    if (costs[tool.kind] !== undefined && costs[tool.kind] !== tool.cost) throw new Error(`Tools of the kind ${tool.kind} cost differently.`);
    costs[tool.kind] = tool.cost;
  }
  return costs;
}

/** What each operation kind is charged as, the first time and when made again; null is free. */
export function operationChargesOf(tools: Registry = TOOLS): Record<string, string | null> {
  const costs = creditCostsOf(tools);
  return Object.fromEntries(tools.flatMap((tool) => (tool.kind ? [[tool.kind, tool.kind in costs ? tool.kind : null]] : [])));
}

/** What the worker says it is doing, by operation kind. */
export function stagesOf(tools: Registry = TOOLS): Record<string, string> {
  return Object.fromEntries(tools.flatMap((tool) => (tool.kind && tool.stage ? [[tool.kind, tool.stage]] : [])));
}

/** The provider method each operation kind runs, or null for a kind outside the providers' interface. */
export function engineOperationsOf(tools: Registry = TOOLS): Record<string, string | null> {
  return Object.fromEntries(tools.flatMap((tool) => (tool.kind ? [[tool.kind, tool.engine]] : [])));
}

/** Checked by the typecheck: every operation kind the database knows has a tool. */
export type OperationKindsCovered = Exclude<OperationKind, NonNullable<(typeof TOOLS)[number]["kind"]>> extends never ? true : never;
export const OPERATION_KINDS_COVERED: OperationKindsCovered = true;

/** Checked by the typecheck: every gallery tool name the database knows has a tool. */
export type GalleryToolsCovered = Exclude<SavedImageTool, NonNullable<(typeof TOOLS)[number]["gallery"]>> extends never ? true : never;
export const GALLERY_TOOLS_COVERED: GalleryToolsCovered = true;
