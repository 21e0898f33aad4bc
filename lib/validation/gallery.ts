// Shapes of the saved-images calls (spec §3, §7).
import { z } from "zod";
import { galleryToolsOf } from "@/lib/tools/results";
import type { TOOLS } from "@/lib/tools/registry";
import { tierSchema } from "./credits";

type GalleryTool = NonNullable<(typeof TOOLS)[number]["gallery"]>;

/** The gallery's tool names, as the tool registry files results under them (a stored enum: SavedImageTool). */
export const SAVED_IMAGE_TOOLS = galleryToolsOf() as [GalleryTool, ...GalleryTool[]];
export const savedImageToolSchema = z.enum(SAVED_IMAGE_TOOLS, { message: "Unknown tool." });
export type SavedImageTool = z.infer<typeof savedImageToolSchema>;

export const FILENAME_MAX = 120;

export const saveImageSchema = z.object({
  imageUrl: z.string({ message: "imageUrl must be one of your images." }).min(1, "imageUrl must be one of your images."),
  originalPrompt: z
    .string()
    .trim()
    .max(2000, "The prompt is too long.")
    .nullish()
    .transform((value) => value || null),
  tool: savedImageToolSchema,
  filename: z
    .string({ message: "Please enter a filename" })
    .trim()
    .min(1, "Please enter a filename")
    .max(FILENAME_MAX, `The filename can be at most ${FILENAME_MAX} characters.`)
    .refine((value) => !/[\\/\u0000-\u001f]/.test(value), "The filename cannot contain slashes or control characters."),
  description: z
    .string()
    .trim()
    .max(500, "The description can be at most 500 characters.")
    .nullish()
    .transform((value) => value || null),
  /** Sent by the browser (spec §3); the server measures the stored copy itself. */
  fileSize: z.number().int().min(0).optional(),
});
export type SaveImageInput = z.input<typeof saveImageSchema>;

export const savedImageSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  filename: z.string(),
  description: z.string().nullable(),
  tool: savedImageToolSchema,
  originalPrompt: z.string().nullable(),
  fileSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type SavedImageView = z.infer<typeof savedImageSchema>;

export const storageInfoSchema = z.object({
  canSave: z.boolean(),
  storageUsed: z.number().int(),
  storageLimit: z.number().int(),
  tier: tierSchema,
});
export type StorageInfo = z.infer<typeof storageInfoSchema>;
