// How a tool that takes one photo and a few settings (expand, background blur, product photo) turns
// its checked settings into the operation it records: the parameters, the size of the result (checked
// against the budgets before any charge) and, where the settings decide it, the prompt and the
// provider. One handler (lib/imaging/fill-tool-calls.ts) reads the photo, checks and charges for all
// of them; each tool's server part (lib/tools/server.ts) names its own.
import "server-only";
import type { z } from "zod";
import { BadRequestError } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client";
import { providerFor } from "@/lib/imaging/config";
import { expandedSize, marginsForAspect, type FrameSize } from "@/lib/imaging/expand-frame";
import { DEFAULT_PRODUCT_MARGIN, PRODUCT_PRESETS } from "@/lib/imaging/product-presets";
import { FLUX_MAX_EXPAND_SIDE } from "@/lib/imaging/provider-profiles";
import type { Margins, ProviderProfile } from "@/lib/imaging/types";
import {
  blurBackgroundFieldsSchema,
  expandFieldsSchema,
  productPhotoFieldsSchema,
  type ExpandFields,
  type ProductPhotoFields,
} from "@/lib/validation/fill-tools";

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

export const blurBackgroundCall = photoCall(blurBackgroundFieldsSchema, (fields, image) => ({
  params: { strength: fields.strength, width: image.width, height: image.height },
  output: image,
}));

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
