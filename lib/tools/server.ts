// What the server runs for a tool's call, as its entry in the registry's server part
// (lib/tools/registry.server.ts) gives it: the request shape the OpenAPI document shows for the
// call, what a photo tool's settings make of a call (lib/tools/photo-calls.ts), a tool's use of the
// edit call's form, and the figures its landing page quotes (a tool may have none of these); and the
// operation kind the tools sharing an engine method record.
import "server-only";
import type { z } from "zod";
import type { EditFormCall, PhotoCall } from "./photo-calls";
import { TOOLS, type Tool, type ToolId } from "./registry";
import { TOOL_SERVER_ENTRIES } from "./registry.server";
import type { ToolEntry, ToolServerFacts } from "./types";

/** Translates one message key (`Namespace.key`) of the page's language. */
export type Translate = (key: string) => string;

/** How the OpenAPI document shows a tool's call; by default an image call that may answer later with the stored image. */
export interface ToolCallShape {
  /** A JSON body, as the route parses it. */
  json?: z.ZodType;
  /** A multipart form: its text fields' schema and its image files, each with what it is. */
  multipart?: { fields: z.ZodType; files: Record<string, string> };
  /** The call may answer 202 when sent `Prefer: respond-async`; true unless said. */
  async?: boolean;
  /** Its successful answers, when not the stored image. */
  answers?: Record<number, { description: string; schema?: z.ZodType }>;
  /** Which of the image calls' refusals (400, 402, 413) it may give; all unless said. */
  errors?: ReadonlyArray<400 | 402 | 413>;
}

export interface ToolServerPart {
  /** How the OpenAPI document shows its call; a photo tool's comes from `photo`. */
  request?: ToolCallShape;
  /**
   * A tool that takes its settings with the photo (multipart), or with `image` a data URL or a
   * result's URL (JSON): its settings and what they make of a call.
   */
  photo?: PhotoCall;
  /** A tool that shares the edit call's form (operation=<its kind>): its own check and the parameters it records. */
  editForm?: EditFormCall;
  /** Other figures the landing page's texts quote, by placeholder. */
  pageFacts?: (translate: Translate, list: (items: string[]) => string) => Record<string, string | number>;
}

/** Each tool's server part, as the web side reads it: the registry's server entries (lib/tools/registry.server.ts). */
export const TOOL_SERVER_PARTS: Readonly<Record<ToolId, ToolServerPart & ToolServerFacts>> = TOOL_SERVER_ENTRIES;

/** The tools that take a photo call, each with its call's one path segment (/api/<segment>), which app/api/[tool] serves. */
export function photoToolCalls(tools: readonly ToolEntry[] = TOOLS, parts: Partial<Record<string, ToolServerPart>> = TOOL_SERVER_PARTS) {
  return tools.flatMap((tool) => {
    if (!parts[tool.id]?.photo) return [];
    const segment = /^\/api\/([a-z0-9-]+)$/.exec(tool.call ?? "")?.[1];
    if (!segment) throw new Error(`The photo tool ${tool.id} needs a call at /api/<one segment>, not ${tool.call ?? "none"}.`);
    return [{ id: tool.id as ToolId, segment }];
  });
}

/** The operation kind of the tools that run an engine operation. */
type KindOfEngine<Engine> = NonNullable<Extract<Tool, { engine: Engine }>["kind"]>;

/** The operation kind the tools that run an engine operation record; throws when none does or they disagree. */
export function kindOfEngine<Engine extends NonNullable<Tool["engine"]>>(engine: Engine): KindOfEngine<Engine> {
  const kinds = new Set<string>(TOOLS.flatMap((tool) => (tool.engine === engine && tool.kind ? [tool.kind] : [])));
  const [kind, ...others] = kinds;
  if (!kind || others.length > 0) throw new Error(`The tools running ${engine} record ${kinds.size === 0 ? "no operation" : "different operations"}.`);
  return kind as KindOfEngine<Engine>;
}
