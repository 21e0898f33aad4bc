// Request shapes of the expand, background blur and product photo calls. Each is sent as JSON with
// `image` (a data URL or one of the user's own file URLs) or as a multipart form with an `image`
// file; numbers are coerced, so both arrive the same way. The image itself is read separately.
import { z } from "zod";
import { MAX_EXPAND_SIDE } from "@/lib/imaging/expand-frame";
import { BACKGROUND_PRESETS, EXPAND_ASPECTS, PRODUCT_SHADOWS } from "@/lib/imaging/types";
import { MAX_PRODUCT_MARGIN, MAX_PRODUCT_OFFSET, PRODUCT_PRESET_NAMES, PRODUCT_SCALE, PRODUCT_SIDE } from "@/lib/imaging/product-presets";
import { PROMPT_MAX } from "./limits";

const sideMessage = `Each side to add must be a whole number of pixels from 1 to ${MAX_EXPAND_SIDE}; leave out a side that should not grow.`;
const expandSide = z.coerce.number({ message: sideMessage }).int(sideMessage).min(1, sideMessage).max(MAX_EXPAND_SIDE, sideMessage).optional();

export const expandFieldsSchema = z
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
export type ExpandFields = z.infer<typeof expandFieldsSchema>;

const strengthMessage = "Blur strength must be a whole number from 1 to 10.";
export const blurBackgroundFieldsSchema = z.object({
  strength: z.coerce.number({ message: strengthMessage }).int(strengthMessage).min(1, strengthMessage).max(10, strengthMessage).default(5),
});

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

export const productPhotoFieldsSchema = z
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
export type ProductPhotoFields = z.infer<typeof productPhotoFieldsSchema>;
