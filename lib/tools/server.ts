// The server part of each tool's registry entry: what only the server reads, kept out of the entries
// (lib/tools/registry.ts) that client components import. The request shapes the OpenAPI document
// shows for a tool's call, the figures its landing page quotes, and the setting that names its
// image provider. A tool that has none of these needs no row here.
import "server-only";
import type { z } from "zod";
import type { Env } from "@/lib/env";
import { PRODUCT_PRESET_NAMES, PRODUCT_SIDE } from "@/lib/imaging/product-presets";
import { CARTOON_STYLES } from "@/lib/imaging/types";
import { generateResultSchema } from "@/lib/openapi/schemas";
import { blurBackgroundFieldsSchema, expandFieldsSchema, productPhotoFieldsSchema } from "@/lib/validation/fill-tools";
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
import type { ToolId } from "./registry";

/** Translates one message key (`Namespace.key`) of the page's language. */
export type Translate = (key: string) => string;

/** How the OpenAPI document shows a tool's call; by default an image call that may answer later with the stored image. */
export interface ToolCallShape {
  /** A JSON body, as the route parses it. */
  json?: z.ZodType;
  /** A multipart form: its text fields' schema and its image files, each with what it is. */
  multipart?: { fields: z.ZodType; files: Record<string, string> };
  /** A tool that takes its settings with the photo (multipart), or with `image` a data URL or a result's URL (JSON). */
  photoFields?: z.ZodType;
  /** The call may answer 202 when sent `Prefer: respond-async`; true unless said. */
  async?: boolean;
  /** Its successful answers, when not the stored image. */
  answers?: Record<number, { description: string; schema?: z.ZodType }>;
  /** Which of the image calls' refusals (400, 402, 413) it may give; all unless said. */
  errors?: Array<400 | 402 | 413>;
}

export interface ToolServerPart {
  call?: ToolCallShape;
  /** Other figures the landing page's texts quote, by placeholder. */
  pageFacts?: (translate: Translate, list: (items: string[]) => string) => Record<string, string | number>;
  /** The variable naming the provider that runs it (IMAGE_PROVIDER_<…>); without one, IMAGE_PROVIDER or a keyed provider decides. */
  providerSetting?: keyof Env;
}

const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);
const PHOTO = { image: "The photo (PNG, JPEG or WebP, at most 10 MB)." };

export const TOOL_SERVER_PARTS: Partial<Record<ToolId, ToolServerPart>> = {
  generate: {
    call: {
      json: generateRequestSchema,
      answers: { 200: { description: "The images made (each variant is its own operation).", schema: generateResultSchema } },
    },
    providerSetting: "IMAGE_PROVIDER_GENERATE",
  },
  edit: {
    call: { json: editJsonRequestSchema, multipart: { fields: editFormFieldsSchema, files: PHOTO } },
    providerSetting: "IMAGE_PROVIDER_EDIT",
  },
  backgroundRemoval: { providerSetting: "IMAGE_PROVIDER_BACKGROUND" },
  objectRemoval: {
    call: {
      multipart: {
        fields: objectRemovalFieldsSchema,
        files: { image: "The photo.", mask: "The mask: the object black on white (or white on black with maskStyle)." },
      },
    },
    providerSetting: "IMAGE_PROVIDER_OBJECT_REMOVAL",
  },
  fluxRemoval: { providerSetting: "IMAGE_PROVIDER_OBJECT_REMOVAL" },
  cartoonStyle: {
    pageFacts: (translate, list) => ({ styles: list(CARTOON_STYLES.map((style) => translate(`CartoonStyle.style_${style}`))) }),
    providerSetting: "IMAGE_PROVIDER_CARTOON",
  },
  upscale: {
    call: { multipart: { fields: upscaleFieldsSchema, files: { image: "The photo." } } },
    pageFacts: () => ({ fastMegapixels: megapixels(upscaleOutputLimit("fast")), highMegapixels: megapixels(upscaleOutputLimit("high")) }),
    providerSetting: "IMAGE_PROVIDER_UPSCALE",
  },
  expand: { call: { photoFields: expandFieldsSchema }, providerSetting: "IMAGE_PROVIDER_EXPAND" },
  blurBackground: { call: { photoFields: blurBackgroundFieldsSchema } },
  productPhoto: {
    call: { photoFields: productPhotoFieldsSchema },
    pageFacts: (translate, list) => ({
      presets: list(PRODUCT_PRESET_NAMES.filter((preset) => preset !== "custom").map((preset) => translate(`FillTools.preset_${preset}`))),
      minSide: PRODUCT_SIDE.min,
      maxSide: PRODUCT_SIDE.max,
    }),
  },
  fileConversion: { call: { json: convertRequestSchema }, providerSetting: "IMAGE_PROVIDER_CONVERT" },
  segment: {
    call: {
      json: segmentRequestSchema,
      async: false,
      answers: { 200: { description: "The selection's mask.", schema: segmentResultSchema } },
      errors: [400, 413],
    },
  },
};
