// Every tool's landing page, from the tool registry (lib/tools): which messages describe it
// (Landing.tools.<id>, Pages.<id>Title) and the facts its words quote, read from the code that
// enforces them (credit costs, accepted formats, the upload limit, the figures of the entry's server
// part) so the page never promises what the tool does not do.
import "server-only";
import { CONVERTER_FORMATS, FORMAT_NAMES, MAX_UPLOAD_BYTES, TOOL_FORMATS, type InputFormat } from "@/lib/imaging/input";
import type { LocalizedPage } from "@/lib/i18n/pages";
import type { PageToolId } from "@/lib/tools/registry";
import { SERVER_TOOLS, toolPagesOf } from "@/lib/tools/server-facts";
import { TOOL_SERVER_PARTS, type ToolServerPart, type Translate } from "@/lib/tools/server";
import type { ServerToolEntry } from "@/lib/tools/types";

export type ToolKey = PageToolId;
export type { Translate };

export interface ToolPage {
  key: ToolKey;
  path: LocalizedPage;
  /** Credits one image costs; 0 for a free tool. */
  cost: number;
  formats: readonly InputFormat[];
  /** The image never leaves the browser unless the visitor saves it. */
  onDevice: boolean;
  /** Words the texts quote from the tool's own screen (button labels, choices), by placeholder. */
  labels: Record<string, string>;
  /** Other figures a tool's texts quote. */
  facts?: ToolServerPart["pageFacts"];
}

/** The landing pages of a registry, in its order; the landing's "more tools" links follow it. */
export function toolPagesFrom(
  tools: readonly ServerToolEntry[] = SERVER_TOOLS,
  serverParts: Partial<Record<string, ToolServerPart>> = TOOL_SERVER_PARTS,
): ToolPage[] {
  return toolPagesOf(tools).map((tool) => ({
    key: tool.id as ToolKey,
    path: tool.path as LocalizedPage,
    cost: tool.cost,
    formats: tool.landing.formats === "converter" ? CONVERTER_FORMATS : TOOL_FORMATS,
    onDevice: tool.landing.onDevice,
    labels: { ...tool.landing.labels },
    facts: serverParts[tool.id]?.pageFacts,
  }));
}

export const TOOL_PAGES: readonly ToolPage[] = toolPagesFrom();

export function toolPage(key: ToolKey): ToolPage {
  const page = TOOL_PAGES.find((candidate) => candidate.key === key);
  if (!page) throw new Error(`No landing page is registered for the tool "${key}".`);
  return page;
}

/** The landing page at an internal path's one segment ("blur" for /blur), if a tool has it. */
export function toolPageAt(segment: string): ToolPage | undefined {
  return TOOL_PAGES.find((candidate) => candidate.path === `/${segment}`);
}

/** The tool pages' route parameters (app/[locale]/[tool]): each page's internal path, without its slash. */
export function toolPageParams(): Array<{ tool: string }> {
  return TOOL_PAGES.map((page) => ({ tool: page.path.slice(1) }));
}

export const MAX_UPLOAD_MEGABYTES = MAX_UPLOAD_BYTES / (1024 * 1024);

export const formatNames = (formats: readonly InputFormat[]) => formats.map((format) => FORMAT_NAMES[format]);
