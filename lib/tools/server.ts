// The server part of each tool's registry entry: what only the server reads, kept out of the entries
// (lib/tools/registry.ts) that client components import. The request shapes the OpenAPI document
// shows for a tool's call, what a photo tool's settings make of a call (lib/tools/photo-calls.ts),
// and the figures its landing page quotes. A tool that has none of these needs no row here.
import "server-only";
import type { z } from "zod";
import { PRODUCT_PRESET_NAMES, PRODUCT_SIDE } from "@/lib/imaging/product-presets";
import { CARTOON_STYLES } from "@/lib/imaging/types";
import { generateResultSchema } from "@/lib/openapi/schemas";
import {
  convertRequestSchema,
  editFormFieldsSchema,
  editJsonRequestSchema,
  generateRequestSchema,
  objectRemovalFieldsSchema,
  upscaleFieldsSchema,
} from "@/lib/validation/imaging";
import { upscaleOutputLimit } from "@/lib/validation/limits";
import { segmentRequestSchema, segmentResultSchema } from "@/lib/validation/segment";
import { backgroundRemovalEdit, blurBackgroundCall, cartoonStyleEdit, expandCall, productPhotoCall, type EditFormCall, type PhotoCall } from "./photo-calls";
import { TOOLS, type ToolId } from "./registry";
import type { ToolEntry } from "./types";

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
  errors?: Array<400 | 402 | 413>;
}

export interface ToolServerPart {
  /** How the OpenAPI document shows its call; a photo tool's comes from `photo`. */
  call?: ToolCallShape;
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

const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);
const PHOTO = { image: "The photo (PNG, JPEG or WebP, at most 10 MB)." };

export const TOOL_SERVER_PARTS: Partial<Record<ToolId, ToolServerPart>> = {
  generate: {
    call: {
      json: generateRequestSchema,
      answers: { 200: { description: "The images made (each variant is its own operation).", schema: generateResultSchema } },
    },
  },
  edit: {
    call: { json: editJsonRequestSchema, multipart: { fields: editFormFieldsSchema, files: PHOTO } },
  },
  backgroundRemoval: { editForm: backgroundRemovalEdit },
  objectRemoval: {
    call: {
      multipart: {
        fields: objectRemovalFieldsSchema,
        files: { image: "The photo.", mask: "The mask: the object black on white (or white on black with maskStyle)." },
      },
    },
  },
  cartoonStyle: {
    editForm: cartoonStyleEdit,
    pageFacts: (translate, list) => ({ styles: list(CARTOON_STYLES.map((style) => translate(`CartoonStyle.style_${style}`))) }),
  },
  upscale: {
    call: { multipart: { fields: upscaleFieldsSchema, files: { image: "The photo." } } },
    pageFacts: () => ({ fastMegapixels: megapixels(upscaleOutputLimit("fast")), highMegapixels: megapixels(upscaleOutputLimit("high")) }),
  },
  expand: { photo: expandCall },
  blurBackground: { photo: blurBackgroundCall },
  productPhoto: {
    photo: productPhotoCall,
    pageFacts: (translate, list) => ({
      presets: list(PRODUCT_PRESET_NAMES.filter((preset) => preset !== "custom").map((preset) => translate(`FillTools.preset_${preset}`))),
      minSide: PRODUCT_SIDE.min,
      maxSide: PRODUCT_SIDE.max,
    }),
  },
  fileConversion: { call: { json: convertRequestSchema } },
  segment: {
    call: {
      json: segmentRequestSchema,
      async: false,
      answers: { 200: { description: "The selection's mask.", schema: segmentResultSchema } },
      errors: [400, 413],
    },
  },
};

/** The tools that take a photo call, each with its call's one path segment (/api/<segment>), which app/api/[tool] serves. */
export function photoToolCalls(tools: readonly ToolEntry[] = TOOLS, parts: Partial<Record<string, ToolServerPart>> = TOOL_SERVER_PARTS) {
  return tools.flatMap((tool) => {
    if (!parts[tool.id]?.photo) return [];
    const segment = /^\/api\/([a-z0-9-]+)$/.exec(tool.call ?? "")?.[1];
    if (!segment) throw new Error(`The photo tool ${tool.id} needs a call at /api/<one segment>, not ${tool.call ?? "none"}.`);
    return [{ id: tool.id as ToolId, segment }];
  });
}
