// The calls of the tools that take one photo and a few settings (expand, background blur, product
// photo; and, through the edit call's form, background removal and cartoon styles): each one's request shape, and what its checked settings make of the operation it records:
// the parameters, the size of the result (checked against the budgets before any charge) and, where
// the settings decide it, the prompt and the provider. Settings come as JSON beside `image` (a data
// URL or one of the user's own file URLs) or as multipart form fields beside an `image` file;
// numbers are coerced, so both arrive the same way. The photo itself is read separately. One handler (lib/imaging/fill-tool-calls.ts) reads the photo, checks and charges for all
// of them; each tool's server part (lib/tools/server.ts) names its own.
import "server-only";
import { z } from "zod";
import { BadRequestError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { providerFor } from "@/lib/imaging/config";
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
import { BACKGROUND_PRESETS, EXPAND_ASPECTS, type Margins, type ProviderProfile } from "@/lib/imaging/types";
import type { editFormFieldsSchema } from "@/lib/validation/imaging";
import { PROMPT_MAX } from "@/lib/validation/limits";

/** What a photo tool's settings make of one call. */
export interface PhotoRun {
  params: Prisma.InputJsonObject;
  /** The result's size, held to the budgets before anything is charged. */
  output: FrameSize;
  prompt?: string | null;
  /** The provider, when the settings decide more than the tool's own (asked after the budget check); else the tool's. */
  provider?: () => ProviderProfile;
}

export interface PhotoCall {
  /** The settings sent with the photo (form fields or JSON beside `image`). */
  fields: z.ZodType;
  run: (fields: unknown, image: FrameSize) => PhotoRun;
}

/** A photo tool's call, typed by its settings' schema. */
export function photoCall<Schema extends z.ZodType>(fields: Schema, run: (fields: z.infer<Schema>, image: FrameSize) => PhotoRun): PhotoCall {
  return { fields, run: run as PhotoCall["run"] };
}

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

export const expandCall = photoCall(expandFieldsSchema, (fields, image) => {
  const margins = marginsOf(fields, image);
  const output = expandedSize(image, margins);
  return {
    params: { ...margins, ...(fields.aspect ? { aspect: fields.aspect } : {}), width: output.width, height: output.height },
    output,
    prompt: fields.prompt || null,
    provider: () => {
      const provider = providerFor("expand");
      if (provider.id === "flux" && Math.max(margins.top, margins.right, margins.bottom, margins.left) > FLUX_MAX_EXPAND_SIDE) {
        throw new BadRequestError(`Flux adds at most ${FLUX_MAX_EXPAND_SIDE} pixels on a side. Choose a smaller frame.`, "expand_too_large");
      }
      return provider;
    },
  };
});

const strengthMessage = "Blur strength must be a whole number from 1 to 10.";
const blurBackgroundFieldsSchema = z.object({
  strength: z.coerce.number({ message: strengthMessage }).int(strengthMessage).min(1, strengthMessage).max(10, strengthMessage).default(5),
});

export const blurBackgroundCall = photoCall(blurBackgroundFieldsSchema, (fields, image) => ({
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

export const productPhotoCall = photoCall(productPhotoFieldsSchema, (fields) => {
  const settings = productSettings(fields);
  return { params: settings, output: settings };
});

/** The edit call's checked form fields (lib/validation/imaging.ts), as a tool that shares the call reads them. */
export type EditFormFields = z.infer<typeof editFormFieldsSchema>;

/** A tool that shares the edit call (operation=<its kind>): a check of its own on the fields, and the parameters they record. */
export interface EditFormCall {
  /** What is wrong with the fields for this tool (a 400), or null. */
  check?: (fields: EditFormFields) => string | null;
  params: (fields: EditFormFields) => Prisma.InputJsonObject;
}

/** A preset background, a described one (the prompt), or none: the cutout's transparent PNG. */
export const backgroundRemovalEdit: EditFormCall = {
  params: (fields) => ({
    background: fields.background && fields.background !== "none" ? fields.background : fields.prompt ? "custom" : "none",
  }),
};

/** A style from the cards, or a style described in words. */
export const cartoonStyleEdit: EditFormCall = {
  check: (fields) => (!fields.style && !fields.prompt ? "Please select a cartoon style first." : null),
  params: (fields) => ({ style: fields.style ?? "custom" }),
};
