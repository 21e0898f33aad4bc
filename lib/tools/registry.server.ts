// The server part of the tool registry: one entry per tool of lib/tools/registry.ts, with what only
// the server reads, kept out of the entries client components import (every page's scripts carry
// those). An entry holds the tool's server facts (ToolServerFacts: the local engine's method, the
// setting that picks its provider, its AI label, its call's use in the API and documentation, what
// its landing page says, its shortcut above the editor) and its server part (ToolServerPart: the
// request shape the OpenAPI document shows, what a photo tool's settings make of a call, the edit
// call's form for a tool that shares it, the figures its landing texts quote). The tables the server
// reads are functions of these entries (lib/tools/server-facts.ts, lib/tools/server.ts); what a
// worker runs is the registry's engine part (lib/tools/registry.engine.ts).
import "server-only";
import { z } from "zod";
import { BadRequestError } from "@/lib/errors";
import { expandedSize, marginsForAspect, MAX_EXPAND_SIDE, type FrameSize } from "@/lib/imaging/expand-frame";
import {
  DEFAULT_PRODUCT_MARGIN,
  MAX_PRODUCT_MARGIN,
  MAX_PRODUCT_OFFSET,
  PRODUCT_PRESET_NAMES,
  PRODUCT_PRESETS,
  PRODUCT_SCALE,
  PRODUCT_SHADOWS,
  PRODUCT_SIDE,
} from "@/lib/imaging/product-presets";
import { FLUX_MAX_EXPAND_SIDE } from "@/lib/imaging/provider-profiles";
import { BACKGROUND_PRESETS, CARTOON_STYLES, EXPAND_ASPECTS, type Margins } from "@/lib/imaging/types";
import { generateResultSchema } from "@/lib/openapi/schemas";
import {
  convertRequestSchema,
  editFormFieldsSchema,
  editJsonRequestSchema,
  generateRequestSchema,
  maskCallFieldsSchema,
  upscaleFieldsSchema,
} from "@/lib/validation/imaging";
import { PROMPT_MAX, upscaleOutputLimit } from "@/lib/validation/limits";
import { segmentRequestSchema, segmentResultSchema } from "@/lib/validation/segment";
import { photoCall, type EditFormCall } from "./photo-calls";
import type { ToolId } from "./registry";
import type { ToolServerPart } from "./server";
import type { ToolServerFacts } from "./types";

/** What every one-image screen of the kit shows besides its own words. */
const KIT = ["Common", "Credits", "Imaging", "Recipe", "SaveDialog", "ServerErrors", "Toasts"] as const;

const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);
const PHOTO = { image: "The photo (PNG, JPEG or WebP, at most 10 MB)." };

// The photo tools' settings (form fields, or JSON beside `image`; numbers are coerced, so both arrive
// the same way) and what they make of the operation each records.

const sideMessage = `Each side to add must be a whole number of pixels from 1 to ${MAX_EXPAND_SIDE}; leave out a side that should not grow.`;
const expandSide = z.coerce.number({ message: sideMessage }).int(sideMessage).min(1, sideMessage).max(MAX_EXPAND_SIDE, sideMessage).optional();

const expandFieldsSchema = z
  .object({
    aspect: z.enum(EXPAND_ASPECTS, { message: `Choose a frame of ${EXPAND_ASPECTS.join(", ")}.` }).optional(),
    top: expandSide,
    right: expandSide,
    bottom: expandSide,
    left: expandSide,
    prompt: z.string().trim().max(PROMPT_MAX, `The prompt can be at most ${PROMPT_MAX} characters.`).default(""),
  })
  .superRefine((fields, context) => {
    const sides = [fields.top, fields.right, fields.bottom, fields.left].some((side) => side !== undefined);
    if (fields.aspect && sides)
      context.addIssue({ code: "custom", message: "Give either an aspect or the pixels to add on each side, not both.", path: ["aspect"] });
    if (!fields.aspect && !sides)
      context.addIssue({ code: "custom", message: "Choose a frame (aspect) or the pixels to add on at least one side.", path: ["aspect"] });
  });
type ExpandFields = z.infer<typeof expandFieldsSchema>;

function marginsOf(fields: ExpandFields, size: FrameSize): Margins {
  if (fields.aspect) {
    const margins = marginsForAspect(size, fields.aspect);
    if (margins.top + margins.bottom + margins.left + margins.right === 0) {
      throw new BadRequestError(`The image is already ${fields.aspect}; choose another frame.`, "already_this_aspect");
    }
    return margins;
  }
  return { top: fields.top ?? 0, right: fields.right ?? 0, bottom: fields.bottom ?? 0, left: fields.left ?? 0 };
}

const expandCall = photoCall(expandFieldsSchema, (fields, image) => {
  const margins = marginsOf(fields, image);
  const output = expandedSize(image, margins);
  return {
    params: { ...margins, ...(fields.aspect ? { aspect: fields.aspect } : {}), width: output.width, height: output.height },
    output,
    prompt: fields.prompt || null,
    checkProvider: (provider) => {
      if (provider.id === "flux" && Math.max(margins.top, margins.right, margins.bottom, margins.left) > FLUX_MAX_EXPAND_SIDE) {
        throw new BadRequestError(`Flux adds at most ${FLUX_MAX_EXPAND_SIDE} pixels on a side. Choose a smaller frame.`, "expand_too_large");
      }
    },
  };
});

const strengthMessage = "Blur strength must be a whole number from 1 to 10.";
const blurBackgroundFieldsSchema = z.object({
  strength: z.coerce.number({ message: strengthMessage }).int(strengthMessage).min(1, strengthMessage).max(10, strengthMessage).default(5),
});

const blurBackgroundCall = photoCall(blurBackgroundFieldsSchema, (fields, image) => ({
  params: { strength: fields.strength, width: image.width, height: image.height },
  output: image,
}));

const PRODUCT_BACKDROPS = BACKGROUND_PRESETS.filter((preset) => preset !== "none");
const sideOfCanvas = `Width and height must be whole numbers of pixels from ${PRODUCT_SIDE.min} to ${PRODUCT_SIDE.max}.`;
const canvasSide = z.coerce
  .number({ message: sideOfCanvas })
  .int(sideOfCanvas)
  .min(PRODUCT_SIDE.min, sideOfCanvas)
  .max(PRODUCT_SIDE.max, sideOfCanvas)
  .optional();
const marginMessage = `The margin must be a percentage from 0 to ${MAX_PRODUCT_MARGIN}.`;
const offsetMessage = `The product can be moved at most ${MAX_PRODUCT_OFFSET} % of the canvas from the centre (offsetX and offsetY from -${MAX_PRODUCT_OFFSET} to ${MAX_PRODUCT_OFFSET}).`;
const productOffset = z.coerce.number({ message: offsetMessage }).min(-MAX_PRODUCT_OFFSET, offsetMessage).max(MAX_PRODUCT_OFFSET, offsetMessage).optional();
const scaleMessage = `The product's scale must be from ${PRODUCT_SCALE.min} to ${PRODUCT_SCALE.max} (1 fits it inside the margin).`;

const productPhotoFieldsSchema = z
  .object({
    preset: z.enum(PRODUCT_PRESET_NAMES, { message: `Choose a preset: ${PRODUCT_PRESET_NAMES.join(", ")}.` }),
    width: canvasSide,
    height: canvasSide,
    background: z
      .string()
      .trim()
      .toLowerCase()
      .default("white")
      .refine(
        (value) => value === "white" || /^#[0-9a-f]{6}$/.test(value) || (PRODUCT_BACKDROPS as string[]).includes(value),
        `The background must be white, a colour such as #f5f5f5, or one of ${PRODUCT_BACKDROPS.join(", ")}.`,
      ),
    shadow: z.enum(PRODUCT_SHADOWS, { message: `Choose a shadow: ${PRODUCT_SHADOWS.join(", ")}.` }).default("none"),
    margin: z.coerce.number({ message: marginMessage }).min(0, marginMessage).max(MAX_PRODUCT_MARGIN, marginMessage).optional(),
    offsetX: productOffset,
    offsetY: productOffset,
    scale: z.coerce.number({ message: scaleMessage }).min(PRODUCT_SCALE.min, scaleMessage).max(PRODUCT_SCALE.max, scaleMessage).optional(),
  })
  .superRefine((fields, context) => {
    const custom = fields.preset === "custom";
    if (custom && (fields.width === undefined || fields.height === undefined)) {
      context.addIssue({ code: "custom", message: "A custom size needs a width and a height.", path: ["width"] });
    }
    if (!custom && (fields.width !== undefined || fields.height !== undefined)) {
      context.addIssue({ code: "custom", message: "Width and height are set by the preset; choose custom to give your own.", path: ["width"] });
    }
  });
type ProductPhotoFields = z.infer<typeof productPhotoFieldsSchema>;

/** The canvas, border and background a product photo request asks for, as the operation records them. */
function productSettings(fields: ProductPhotoFields) {
  const preset = fields.preset === "custom" ? null : PRODUCT_PRESETS[fields.preset];
  const width = preset?.width ?? fields.width!;
  const height = preset?.height ?? fields.height!;
  const margin = fields.margin ?? preset?.margin ?? DEFAULT_PRODUCT_MARGIN;
  const background =
    fields.background.startsWith("#") || fields.background === "white"
      ? { colour: fields.background === "white" ? "#ffffff" : fields.background }
      : { backdrop: fields.background };
  const placement = {
    ...(fields.offsetX ? { offsetX: fields.offsetX } : {}),
    ...(fields.offsetY ? { offsetY: fields.offsetY } : {}),
    ...(fields.scale !== undefined && fields.scale !== 1 ? { productScale: fields.scale } : {}),
  };
  return { preset: fields.preset, width, height, margin, shadow: fields.shadow, ...background, ...placement };
}

const productPhotoCall = photoCall(productPhotoFieldsSchema, (fields) => {
  const settings = productSettings(fields);
  return { params: settings, output: settings };
});

// The tools that share the edit call's form (operation=<their kind>).

/** A preset background, a described one (the prompt), or none: the cutout's transparent PNG. */
const backgroundRemovalEdit: EditFormCall = {
  params: (fields) => ({
    background: fields.background && fields.background !== "none" ? fields.background : fields.prompt ? "custom" : "none",
  }),
};

/** A style from the cards, or a style described in words. */
const cartoonStyleEdit: EditFormCall = {
  check: (fields) => (!fields.style && !fields.prompt ? "Please select a cartoon style first." : null),
  params: (fields) => ({ style: fields.style ?? "custom" }),
};

/** The server's side of the operation both removal tools run: one call, one provider setting, one fill. */
const OBJECT_REMOVAL_OPERATION = {
  api: { method: "POST", keys: true, spends: true },
  localModel: "exemplar-fill",
  providerSetting: "IMAGE_PROVIDER_OBJECT_REMOVAL",
  aiLabel: "composite",
} as const;

/** Each tool's server entry, by its id (lib/tools/registry.ts); the typecheck asks for one per tool. */
export const TOOL_SERVER_ENTRIES = {
  generate: {
    api: { method: "POST", keys: true, spends: true },
    localModel: "procedural-scenes",
    providerSetting: "IMAGE_PROVIDER_GENERATE",
    aiLabel: "generated",
    doc: { summary: "Generate images from a prompt" },
    request: {
      json: generateRequestSchema,
      answers: { 200: { description: "The images made (each variant is its own operation).", schema: generateResultSchema } },
    },
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
    request: { json: editJsonRequestSchema, multipart: { fields: editFormFieldsSchema, files: PHOTO } },
  },
  backgroundRemoval: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolBackground", position: 1 },
    localModel: "isnet-medium",
    providerSetting: "IMAGE_PROVIDER_BACKGROUND",
    aiLabel: "composite",
    landing: {
      screenMessages: ["BackgroundRemoval", "Backdrops", "Batch", ...KIT],
      scene: "cutout",
      formats: "tool",
      onDevice: false,
      labels: { button: "BackgroundRemoval.submit" },
    },
    editForm: backgroundRemovalEdit,
  },
  objectRemoval: {
    ...OBJECT_REMOVAL_OPERATION,
    editorButton: { label: "toolObject", position: 2 },
    doc: { summary: "Remove what a mask marks" },
    landing: {
      screenMessages: ["ObjectRemoval", "FillTools", "Pages", "TapSelect", ...KIT],
      scene: "erase",
      formats: "tool",
      onDevice: false,
      labels: { button: "ObjectRemoval.removeObject", start: "ObjectRemoval.startHighlighting", keepEditing: "ObjectRemoval.keepEditing" },
    },
    request: {
      multipart: {
        fields: maskCallFieldsSchema,
        files: { image: "The photo.", mask: "The mask: the object black on white (or white on black with maskStyle)." },
      },
    },
  },
  fluxRemoval: {
    ...OBJECT_REMOVAL_OPERATION,
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
    editForm: cartoonStyleEdit,
    pageFacts: (translate, list) => ({ styles: list(CARTOON_STYLES.map((style) => translate(`CartoonStyle.style_${style}`))) }),
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
    request: { multipart: { fields: upscaleFieldsSchema, files: { image: "The photo." } } },
    pageFacts: () => ({ fastMegapixels: megapixels(upscaleOutputLimit("fast")), highMegapixels: megapixels(upscaleOutputLimit("high")) }),
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
    photo: expandCall,
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
    photo: blurBackgroundCall,
  },
  productPhoto: {
    api: { method: "POST", keys: true, spends: true },
    editorButton: { label: "toolProduct", position: 8 },
    localModel: "isnet-medium",
    aiLabel: "composite",
    doc: { summary: "Put a product on a new background" },
    landing: {
      screenMessages: ["ProductPhoto", "Backdrops", "Batch", "FillTools", ...KIT],
      scene: "photo",
      formats: "tool",
      onDevice: false,
      labels: { button: "ProductPhoto.submit" },
    },
    photo: productPhotoCall,
    pageFacts: (translate, list) => ({
      presets: list(PRODUCT_PRESET_NAMES.filter((preset) => preset !== "custom").map((preset) => translate(`FillTools.preset_${preset}`))),
      minSide: PRODUCT_SIDE.min,
      maxSide: PRODUCT_SIDE.max,
    }),
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
    request: { json: convertRequestSchema },
  },
  segment: {
    api: { method: "POST", keys: true, spends: false },
    aiLabel: null,
    doc: { summary: "Select an object from points on it (free)" },
    request: {
      json: segmentRequestSchema,
      async: false,
      answers: { 200: { description: "The selection's mask.", schema: segmentResultSchema } },
      errors: [400, 413],
    },
  },
} as const satisfies Record<ToolId, ToolServerFacts & ToolServerPart>;
