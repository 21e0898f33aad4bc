// Request shapes of the image calls (spec §7), shared by the route handlers and the browser.
import { z } from "zod";
import {
  ASPECT_RATIOS,
  BACKGROUND_PRESETS,
  CARTOON_STYLES,
  MASK_STYLES,
  OUTPUT_FORMATS,
  UPSCALE_FACTORS,
  UPSCALE_QUALITIES,
  type UpscaleFactor,
} from "@/lib/imaging/types";
import { EDIT_CALL, TOOLS, type EditOperation } from "@/lib/tools/registry";
import type { ToolEntry } from "@/lib/tools/types";
import { MAX_VARIANTS, PROMPT_MAX, STYLE_TEXT_MAX } from "./limits";

export { MAX_VARIANTS, PROMPT_MAX, STYLE_TEXT_MAX };

export const promptSchema = z
  .string({ message: "Please enter a prompt." })
  .trim()
  .min(1, "Please enter a prompt.")
  .max(PROMPT_MAX, `The prompt can be at most ${PROMPT_MAX} characters.`);

const styleTextSchema = z.string().trim().max(STYLE_TEXT_MAX, `The description can be at most ${STYLE_TEXT_MAX} characters.`);

export const aspectRatioSchema = z.enum(ASPECT_RATIOS, { message: "Choose square, portrait or landscape." });

const SEED_MAX = 2_147_483_647;

export const generateRequestSchema = z.object({
  prompt: promptSchema,
  aspectRatio: aspectRatioSchema.default("square"),
  count: z
    .number({ message: `count must be a whole number from 1 to ${MAX_VARIANTS}.` })
    .int(`count must be a whole number from 1 to ${MAX_VARIANTS}.`)
    .min(1, `count must be a whole number from 1 to ${MAX_VARIANTS}.`)
    .max(MAX_VARIANTS, `count must be a whole number from 1 to ${MAX_VARIANTS}.`)
    .default(1),
  /** The first variant's seed (the next ones take the following numbers); drawn afresh when absent. */
  seed: z
    .number({ message: `seed must be a whole number from 0 to ${SEED_MAX}.` })
    .int(`seed must be a whole number from 0 to ${SEED_MAX}.`)
    .min(0, `seed must be a whole number from 0 to ${SEED_MAX}.`)
    .max(SEED_MAX, `seed must be a whole number from 0 to ${SEED_MAX}.`)
    .optional(),
});

const dimension = z.coerce.number().int().min(1).max(20_000).optional();

export const editJsonRequestSchema = z.object({
  prompt: promptSchema,
  imageUrl: z.string({ message: "imageUrl must be an uploaded image or a data URL." }).min(1, "imageUrl must be an uploaded image or a data URL."),
  width: dimension,
  height: dimension,
});

/** The edit call's `operation` values: the kind of each tool on that call (lib/tools/registry.ts), the plain edit among them. */
const EDIT_OPERATIONS = (TOOLS as readonly ToolEntry[]).flatMap((tool) => (tool.call === EDIT_CALL && tool.kind ? [tool.kind] : [])) as [
  EditOperation,
  ...EditOperation[],
];

/** The text fields of the multipart edit call (the image itself is read separately). */
export const editFormFieldsSchema = z
  .object({
    operation: z.enum(EDIT_OPERATIONS, { message: "Unknown operation." }).default("edit"),
    prompt: z.string().trim().max(PROMPT_MAX, `The prompt can be at most ${PROMPT_MAX} characters.`).default(""),
    background: z.enum(BACKGROUND_PRESETS, { message: "Unknown background." }).optional(),
    style: z.enum(CARTOON_STYLES, { message: "Unknown cartoon style." }).optional(),
    width: dimension,
    height: dimension,
  })
  .superRefine((fields, context) => {
    if (fields.operation === "edit" && !fields.prompt) context.addIssue({ code: "custom", message: "Please enter a prompt.", path: ["prompt"] });
    if (fields.operation !== "edit" && !styleTextSchema.safeParse(fields.prompt).success) {
      context.addIssue({ code: "custom", message: `The description can be at most ${STYLE_TEXT_MAX} characters.`, path: ["prompt"] });
    }
  });

/** The mask call's text fields, which both removal tools send with the photo and its mask. */
export const maskCallFieldsSchema = z.object({
  prompt: z.string().trim().max(PROMPT_MAX, `The prompt can be at most ${PROMPT_MAX} characters.`).default(""),
  maskStyle: z.enum(MASK_STYLES, { message: "Unknown mask style." }).default("black-on-white"),
  /** Generative fill: what the marked area should show instead ("Replace with…"); empty removes it. */
  replaceWith: z.string().trim().max(PROMPT_MAX, `The description can be at most ${PROMPT_MAX} characters.`).default(""),
});

/** Form fields are text: the upscale factors as they arrive. */
const UPSCALE_SCALES = UPSCALE_FACTORS.map(String) as [`${UpscaleFactor}`, ...`${UpscaleFactor}`[]];

/** The text fields of the multipart upscale call (the image itself is read separately). */
export const upscaleFieldsSchema = z.object({
  scale: z.enum(UPSCALE_SCALES, { message: "Choose a scale of 2 or 4." }).transform((scale) => Number(scale) as UpscaleFactor),
  quality: z.enum(UPSCALE_QUALITIES, { message: "Choose fast or high quality." }).default("fast"),
});

export const convertRequestSchema = z.object({
  image: z.string({ message: "Please upload an image first." }).min(1, "Please upload an image first."),
  format: z
    // "jpg" is accepted as another name for JPEG.
    .enum([...OUTPUT_FORMATS, "jpg"], { message: "Choose PNG, JPEG, WebP, GIF, BMP or TIFF." })
    .transform((format) => (format === "jpg" ? "jpeg" : format)),
  quality: z.coerce.number().int().min(1, "Quality must be between 1 and 100.").max(100, "Quality must be between 1 and 100.").default(90),
});

export const imageResultSchema = z.object({
  result: z.object({ sample: z.string() }),
  operationId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ImageResult = z.infer<typeof imageResultSchema>;

/** One image of a generate request, in `results`. */
export interface VariantResult {
  sample: string;
  operationId: string;
  width: number;
  height: number;
}

/** A variant that failed (and was refunded), in `failed`. */
export interface VariantFailure {
  operationId: string;
  status: number;
  code: string;
  message: string;
}

/**
 * The generate answer: `result` is the first image, as the spec's clients expect; `results` every
 * image made, `operationIds` every variant asked for, in order, and `failed` those that failed.
 */
export type GenerateResult = ImageResult & { results: VariantResult[]; operationIds: string[]; failed: VariantFailure[] };
